#!/usr/bin/env bash
# Takes the pictures in docs/images/ with narabe-gui's scripted mode (dummy video driver,
# software renderer) and converts them to PNG with python3-pil (for the docs
# only; the build does not need it). Usage: tools/gui/screenshots/make_screenshots.sh [build dir]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
build="${1:-$root/build/release}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A config=(
  [start]="game = connect4
language = english"
  [connect4]="game = connect4
mode = engine-engine
level = easy"
  [tictactoe]="game = tictactoe
mode = two-people"
  [gomoku]="game = gomoku
rule = renju
mode = two-people
hints = on"
  [reversi]="game = reversi
mode = two-people
hints = on"
  [reversi_pass]="game = reversi
mode = two-people
hints = on
language = japanese"
  [gomoku_hint]="game = gomoku
rule = renju
mode = person-engine
level = easy"
  [load]="game = reversi
mode = two-people"
)
cd "$work"
# For the chooser: two saves and a damaged file here, with fixed times.
mkdir -p data/narabe/games
printf '(;GM[4]FF[4]SZ[9]RU[freestyle];B[ee];W[de];B[ff];W[dd])\n' > data/narabe/games/gomoku-20261201-213000.sgf
printf '(;GM[Othello]PC[narabe-gui]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n' \
  > data/narabe/games/reversi-20261201-204500.ggf
printf '(;GM[Othello]TY[8]BO[8 ---*O- *]B[F5];)\n' > damaged.ggf
touch -d '2026-12-01 21:30' data/narabe/games/gomoku-20261201-213000.sgf
touch -d '2026-12-01 20:45' data/narabe/games/reversi-20261201-204500.ggf
touch -d '2026-12-01 19:05' damaged.ggf
for name in start connect4 tictactoe gomoku reversi reversi_pass gomoku_hint load; do
  printf '%s\n' "${config[$name]}" > "$name.conf"
  XDG_DATA_HOME="$work/data" LC_ALL=C.UTF-8 SDL_VIDEODRIVER=dummy "$build/narabe-gui" --size 800x520 --config "$name.conf" --script "$here/$name.script" > /dev/null
  /usr/bin/python3 -c "from PIL import Image; Image.open('$name.bmp').save('$root/docs/images/gui_$name.png', optimize=True)"
done
ls -l "$root"/docs/images/gui_*.png
