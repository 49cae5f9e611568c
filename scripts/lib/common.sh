# Shared by the scripts: repo root, messages, and installing what is missing.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=
apt_install() {
  command -v apt-get >/dev/null || die "apt-get is missing: install $* by hand"
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

pg_bindir() {
  local d
  if command -v pg_config >/dev/null && d="$(pg_config --bindir 2>/dev/null)" && [ -x "$d/initdb" ]; then echo "$d"; return; fi
  if command -v initdb >/dev/null; then dirname "$(command -v initdb)"; return; fi
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

ensure_postgres() {
  if [ -z "$(pg_bindir)" ]; then say "installing PostgreSQL"; apt_install postgresql; fi
}

# PostGIS for the GeoJSON tests (application/geo+json), matching the
# PostgreSQL the tests run: 47 packages, 35 MiB, about 13 s on Debian 12.
ensure_postgis() {
  local major
  major="$("$(pg_bindir)/postgres" --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')"
  [ -f "/usr/share/postgresql/$major/extension/postgis.control" ] && return 0
  say "installing PostGIS (for the GeoJSON tests)"; apt_install "postgresql-$major-postgis-3"
}

# The site's upgrade test unpacks a data directory checked in as .tar.xz.
ensure_xz() {
  command -v xz >/dev/null || { say "installing xz-utils"; apt_install xz-utils; }
}

ensure_node() {
  command -v node >/dev/null && command -v npm >/dev/null || { say "installing Node.js"; apt_install nodejs npm; }
  local major; major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "Node.js 20 or newer is needed (found $(node --version))"
}

# npm ci when the lock file changed since the last install.
ensure_npm_packages() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    say "installing npm packages in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

ensure_rust() {
  command -v cargo >/dev/null || die "Rust is needed: install it from https://rustup.rs and run this again"
  # libwebp (image transforms) and aws-lc (S3's TLS) are C, built by their crates.
  command -v cc >/dev/null || { say "installing a C compiler (for the libwebp and aws-lc crates)"; apt_install build-essential; }
  # The test command's gates.
  if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    command -v rustup >/dev/null || die "cargo fmt and cargo clippy are needed: install the rustfmt and clippy components"
    say "installing rustfmt and clippy"; rustup component add rustfmt clippy
  fi
}

# The end-to-end tests' browser: chromium-headless-shell, the same Chromium build as
# the chromium package without the full browser's windows and their UI renderers (the
# tests took about 40 % less CPU on it). The Lighthouse script wants the full chromium.
ensure_chromium() {
  [ -x /usr/bin/chromium-headless-shell ] && return 0
  say "installing Chromium's headless shell (for the end-to-end tests)"
  apt_install chromium-headless-shell fonts-dejavu-core
}

# The S3-compatible server the tests run the S3 backend against: moto's
# server mode (PyPI), in a virtualenv of its own under ~/.cache/pleat, pinned
# so every machine tests against the same one. Fast when already installed.
MOTO_VERSION=5.2.5
S3_SERVER_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/pleat/moto-$MOTO_VERSION"
ensure_s3_server() {
  command -v curl >/dev/null || { say "installing curl"; apt_install curl ca-certificates; }
  [ -f "$S3_SERVER_DIR/.installed" ] && [ -x "$S3_SERVER_DIR/bin/moto_server" ] && return 0
  command -v python3 >/dev/null || { say "installing Python"; apt_install python3; }
  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    say "installing python3-venv"; apt_install python3-venv python3-pip
  fi
  say "installing the S3 test server (moto $MOTO_VERSION) in ${S3_SERVER_DIR}"
  rm -rf "$S3_SERVER_DIR"
  python3 -m venv "$S3_SERVER_DIR"
  "$S3_SERVER_DIR/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
  touch "$S3_SERVER_DIR/.installed"
}

# The tests' SMTP server is the npm `smtp-server` (with `mailparser`), run
# in-process by the supabase-js tests (tests/js/lib/smtp.mjs); it comes with
# tests/js's devDependencies.
ensure_smtp_server() {
  ensure_node
  ensure_npm_packages "$ROOT/tests/js"
  [ -d "$ROOT/tests/js/node_modules/smtp-server" ] && [ -d "$ROOT/tests/js/node_modules/mailparser" ] \
    || die "tests/js is missing smtp-server or mailparser: run npm ci in tests/js"
}
