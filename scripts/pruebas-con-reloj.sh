#!/usr/bin/env bash
# Runs the tests with the clock moved: for each day of one week, at one hour in Lima, a throwaway
# PostgreSQL cluster and the test run (vitest, the servers it starts, Chromium) all read the same
# moved clock through libfaketime, so a test that holds only on some weekdays or hours fails here
# instead of in CI on that day.
#
#   bash scripts/pruebas-con-reloj.sh [--semana LUNES] [--hora HH:MM] [--dias 1,4,7] [archivos…]
#
#   --semana  the Monday of the week to run (default 2026-12-28: its Thursday ends the year and
#             its late evenings cross a month and a year in Lima)
#   --hora    the hour in Lima, UTC−5 all year (default 22:30)
#   --dias    which days of that week, 1 = Monday … 7 = Sunday (default all seven)
#   archivos  test files or filters passed to vitest (default the whole suite)
#
# Needs libfaketime (Debian's faketime) and PostgreSQL's server binaries. Each day's result goes to
# the summary printed at the end; the exit status is non-zero if any day failed.
set -euo pipefail
cd "$(dirname "$0")/.."

semana=2026-12-28
hora=22:30
dias=1,2,3,4,5,6,7
while [ $# -gt 0 ]; do
  case "$1" in
    --semana) semana="$2"; shift 2 ;;
    --hora) hora="$2"; shift 2 ;;
    --dias) dias="$2"; shift 2 ;;
    *) break ;;
  esac
done

faketime_lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1 || true)
if [ -z "$faketime_lib" ]; then
  echo "Falta libfaketime: apt-get install faketime" >&2
  exit 2
fi
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ]; then
  echo "Faltan los binarios del servidor PostgreSQL" >&2
  exit 2
fi

con_node24=()
case "$(node --version)" in
  v24.*) ;;
  *) con_node24=(npx -y -p node@24 --) ;;
esac

# The build happens once, on the real clock: under a moved one, a build lock would look stale.
"${con_node24[@]}" node -e "import('./scripts/ensure-built.mjs').then((m) => m.ensureBuilt())"

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
como_postgres=()
if [ "$(id -u)" = 0 ]; then como_postgres=(runuser -u postgres --); fi

puerto=${RELOJ_PG_PORT:-5499}
resumen=()
fallo=0
IFS=, read -r -a lista <<<"$dias"
for n in "${lista[@]}"; do
  fecha=$(date -u -d "$semana +$((n - 1)) days" +%F)
  instante=$(date -u -d "$fecha $hora -05:00" '+%F %T')
  etiqueta="$(LC_ALL=C date -u -d "$fecha" +%a) $fecha $hora Lima ($instante UTC)"
  # An offset from the real clock, not libfaketime's «start at» form: that one starts each
  # process's clock at the instant when the process starts, so the database, the test workers and
  # the servers they start later would each read another time. An offset moves them all alike.
  desfase=$(($(date -u -d "$instante" +%s) - $(date -u +%s)))
  echo "=== $etiqueta ==="

  dir=$(mktemp -d)
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  reloj=(env FAKETIME="$(printf "%+d" "$desfase")" FAKETIME_DONT_FAKE_MONOTONIC=1 LD_PRELOAD="$faketime_lib")
  "${como_postgres[@]}" "${reloj[@]}" "$pg_bin/initdb" -D "$dir/pg" -U postgres -A trust \
    --no-sync >/dev/null
  "${como_postgres[@]}" "${reloj[@]}" "$pg_bin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w -s \
    -o "-p $puerto -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start

  set +e
  "${reloj[@]}" TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$puerto/postgres" \
    "${con_node24[@]}" npx vitest run "$@"
  estado=$?
  set -e

  "${como_postgres[@]}" "$pg_bin/pg_ctl" -D "$dir/pg" -m immediate -w -s stop || true
  rm -rf "$dir"
  if [ "$estado" = 0 ]; then
    resumen+=("bien   $etiqueta")
  else
    resumen+=("FALLÓ  $etiqueta")
    fallo=1
  fi
done

echo
printf '%s\n' "${resumen[@]}"
exit "$fallo"
