# Sourced by the bench scripts. Needs $runs, $cap and $work set, and $fields naming the
# JSON fields to print.
#
# Runs "$@" RUNS times; prints the median wall time, the peak memory of the last run and
# the fields of its JSON output named in $fields.
measure() {
  local times=() out=""
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    if ! out=$(timeout "$cap" /usr/bin/time -f 'peak %M KiB' "$@" 2>"$work/err"); then
      echo "no answer within ${cap} s"
      return
    fi
    end=$(date +%s%N)
    times+=("$(( (end - start) / 1000000 ))")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median %.2f s of %d", a[int((NR+1)/2)] / 1000, NR}'
  printf '  %s' "$(grep -o 'peak [0-9]* KiB' "$work/err" | tail -1)"
  echo "$out" | python3 -c "
import json, sys
d = json.loads(sys.stdin.read().strip().splitlines()[-1])
print('  ' + '  '.join(f'{k}={d[k]}' for k in '$fields'.split() if k in d))"
}
