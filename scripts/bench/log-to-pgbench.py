"""Turn PostgreSQL's statement log (log_min_duration_statement = 0) for one
request into a pgbench script: the same transaction, with the bound
parameters written in as literals."""
import re
import sys

statements = []
current = None
for line in sys.stdin:
    m = re.search(r"LOG:  duration: [\d.]+ ms  (?:execute [^:]*|statement): (.*)", line)
    if m:
        current = {"sql": m.group(1), "params": {}}
        statements.append(current)
        continue
    if "LOG:" in line:
        # parse/bind lines and others: their DETAIL belongs to them, not to us.
        current = None
        continue
    m = re.search(r"DETAIL:  [Pp]arameters: (.*)", line)
    if m and current is not None:
        for num, val in re.findall(r"\$(\d+) = ('(?:[^']|'')*'|NULL)", m.group(1)):
            current["params"][num] = val
        continue
    if current is not None and line.startswith("\t"):
        current["sql"] += "\n" + line.rstrip("\n")

out = []
for st in statements:
    sql = st["sql"].strip()
    if sql.upper().startswith(("ALTER SYSTEM", "SELECT PG_RELOAD_CONF")):
        continue
    sql = re.sub(r"\$(\d+)", lambda m: st["params"].get(m.group(1), m.group(0)), sql)
    out.append(" ".join(sql.split()) + ";")
if not any(s.upper().startswith("BEGIN") for s in out):
    sys.exit("no transaction found in the log")
print("\n".join(out))
