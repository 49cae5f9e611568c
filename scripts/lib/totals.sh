# print_totals LOG: add up what nextest / cargo test, node's test runner and
# vitest reported in LOG and print one plain "N passed, N failed" line.
print_totals() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '
    /Summary \[.*tests run:/ {
      for (i = 1; i <= NF; i++) {
        if ($(i) ~ /^passed/) passed += $(i-1)
        if ($(i) ~ /^failed/) failed += $(i-1)
      }
    }
    /^test result:/ { for (i = 1; i <= NF; i++) { if ($(i) ~ /^passed/) passed += $(i-1); if ($(i) ~ /^failed/) failed += $(i-1) } }
    /^ℹ pass [0-9]+$/ { passed += $3 }
    /^ℹ fail [0-9]+$/ { failed += $3 }
    /^ +Tests +/ {
      for (i = 1; i <= NF; i++) {
        if ($(i) == "passed") passed += $(i-1)
        if ($(i) == "failed") failed += $(i-1)
      }
    }
    END { printf "tests: %d passed, %d failed\n", passed, failed }'
}
