#!/bin/sh
# SPDX-License-Identifier: MIT
# For a newcomer without Sparks: installs what is needed, builds the app, starts
# an emulated three-Spark ring (tests/sparklab, needs root through sudo) and
# launches Spark Companion, after printing each emulated Spark's address, user
# and password. `tests/sparklab/sparklab down --name demo` removes the emulated
# cluster again. SPARK_TRY_IT_LAB names the lab (default demo);
# SPARK_TRY_IT_NO_GUI=1 stops before the app starts (the script's test).
set -eu
cd "$(dirname "$0")/.."

./installer/install-deps.sh
cmake --preset default
cmake --build --preset default

as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
lab=${SPARK_TRY_IT_LAB:-demo}
$as_root tests/sparklab/sparklab down --name "$lab" >/dev/null 2>&1 || true
$as_root tests/sparklab/sparklab up ring3 --name "$lab"
# After the set-up, a model to serve: a small one on the first Spark only (the
# app copies it to the others) and NVIDIA's vLLM image on every Spark (the
# emulated Sparks have no internet; their docker, Ray and vLLM are stand-ins).
$as_root tests/sparklab/sparklab model add --name "$lab" 1 sparklab/tiny >/dev/null
$as_root tests/sparklab/sparklab image add --name "$lab" nvcr.io/nvidia/vllm:25.11-py3 >/dev/null

# Each emulated Spark's address, user and password, as "Add a Spark" asks for
# them (the password file is root's: read through sudo, printed once here).
echo
echo "Three emulated Sparks are running:"
$as_root tests/sparklab/sparklab status --name "$lab" --json | $as_root /usr/bin/python3 -c '
import json, sys
lab = json.load(sys.stdin)
lab = lab[0] if isinstance(lab, list) else lab
print("  %-10s %-15s %-8s %s" % ("name", "address", "user", "password"))
for node in lab["nodes"]:
    with open(node["password_file"]) as f:
        password = f.read().strip()
    print("  %-10s %-15s %-8s %s" % (node["name"], node["mgmt_address"], node["user"], password))
'
echo
echo "In Spark Companion choose 'Add a Spark' with one of these addresses, its user"
echo "and password, once per Spark; then 'Set up a cluster'."
echo
echo "spark-1 holds a small model, sparklab/tiny. Once the cluster is set up (say you"
echo "named it demo), copy it to every Spark, run it, talk to it and stop it:"
echo "  build/default/app/sparkctl model copy sparklab/tiny --cluster demo"
echo "  build/default/app/sparkctl serve start installer/demo-recipes/sparklab-tiny.yaml --cluster demo"
echo "  build/default/app/sparkctl serve chat Hello --cluster demo"
echo "  build/default/app/sparkctl serve stop --cluster demo"
echo
echo "To remove the emulated Sparks afterwards: ${as_root:+sudo }tests/sparklab/sparklab down --name $lab"
[ -z "${SPARK_TRY_IT_NO_GUI:-}" ] || exit 0 # the test of this script stops here
exec build/default/app/spark-companion
