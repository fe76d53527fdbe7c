#!/usr/bin/env bash
# Installs every Debian package narabe needs to build, test and run.
# Idempotent: when everything is present it changes nothing and does not touch apt.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config clang libclang-rt-14-dev dpkg-dev
  libfmt-dev libboost-program-options-dev
  libgtest-dev nlohmann-json3-dev
  libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core fonts-ipafont-gothic
  grhino
  python3 python3-pytest python3-distributed python3-matplotlib python3-numpy
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
