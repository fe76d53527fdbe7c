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
)
cd "$work"
for name in start connect4 tictactoe gomoku reversi reversi_pass gomoku_hint; do
  printf '%s\n' "${config[$name]}" > "$name.conf"
  LC_ALL=C.UTF-8 SDL_VIDEODRIVER=dummy "$build/narabe-gui" --size 800x520 --config "$name.conf" --script "$here/$name.script" > /dev/null
  /usr/bin/python3 -c "from PIL import Image; Image.open('$name.bmp').save('$root/docs/images/gui_$name.png', optimize=True)"
done
ls -l "$root"/docs/images/gui_*.png
