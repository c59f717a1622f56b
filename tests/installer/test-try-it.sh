#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the README's first command (installer/try-it.sh) as a newcomer would, up
# to where it starts the app, on a lab of its own: it must end by printing each
# emulated Spark's name, address, user and password, and those must log in.
set -eu
cd "$(dirname "$0")/../.."

if [ "$(id -u)" -ne 0 ]; then
    if [ "${CI:-}" = "true" ]; then
        echo "try-it test: needs root under CI" >&2
        exit 1
    fi
    echo "try-it test: skipped (the emulated Sparks need root)"
    exit 77
fi

lab=h18-tryit
out=$(mktemp)
trap 'tests/sparklab/sparklab down --name "$lab" >/dev/null 2>&1 || true; rm -f "$out"' EXIT
fail() { echo "try-it test: $*" >&2; cat "$out" >&2; exit 1; }

SPARK_TRY_IT_LAB=$lab SPARK_TRY_IT_NO_GUI=1 ./installer/try-it.sh >"$out" 2>&1 || fail "try-it.sh failed"

password=$(cat "/run/sparklab/$lab/password")
[ -n "$password" ] || fail "the lab has no password file"
for node in spark-1 spark-2 spark-3; do
    line=$(grep -E "^  $node +" "$out") || fail "no line for $node"
    address=$(echo "$line" | awk '{ print $2 }')
    user=$(echo "$line" | awk '{ print $3 }')
    shown=$(echo "$line" | awk '{ print $4 }')
    [ "$shown" = "$password" ] || fail "$node: the password shown is not the lab's"
    [ "$user" = "nvidia" ] || fail "$node: user '$user'"
    # The address answers SSH on port 22 and logs in with what was shown.
    expected=$(tests/sparklab/sparklab exec --name "$lab" "$node" -- ip -4 -o addr show dev enP7s7 | awk '{ sub("/.*", "", $4); print $4 }')
    [ "$address" = "$expected" ] || fail "$node: address $address, the node has $expected"
done
grep -q "Add a Spark" "$out" || fail "no next step is said"
# A model to serve is waiting on spark-1, the image on every Spark, and the recipe the steps name reads.
tests/sparklab/sparklab exec --name "$lab" spark-1 -- sh -c 'test -s /home/nvidia/.cache/huggingface/hub/models--sparklab--tiny/refs/main' \
    || fail "spark-1 has no sparklab/tiny"
for node in spark-1 spark-2 spark-3; do
    tests/sparklab/sparklab exec --name "$lab" "$node" -- docker image ls --format '{{.Repository}}:{{.Tag}}' | grep -qx 'nvcr.io/nvidia/vllm:25.11-py3' \
        || fail "$node has no vLLM image"
done
grep -q "serve start installer/demo-recipes/sparklab-tiny.yaml" "$out" || fail "the serving steps are not said"
build/default/app/sparkctl serve recipes --recipes installer/demo-recipes --json | grep -q '"id": "sparklab-tiny"' \
    || fail "the demo recipe does not read"
grep -q "sparklab down --name $lab" "$out" || fail "how to remove the lab is not said"
echo "try-it test: passed"
