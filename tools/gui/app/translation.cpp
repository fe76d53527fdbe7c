#include "tools/gui/app/translation.h"

#include <array>
#include <string>
#include <utility>

namespace narabe::gui {
namespace {

using Pair = std::pair<std::string_view, std::string_view>;

// clang-format off
constexpr auto kJapanese = std::to_array<Pair>({
    // Turns, results, refusals (the controller's messages).
    {"Your move", "あなたの番です"},
    {"Engine is thinking...", "エンジンが考えています…"},
    {"{} (engine) is thinking...", "{}（エンジン）が考えています…"},
    {"{} to move", "{}の番です"},
    {"Column full", "この列はいっぱいです"},
    {"Forbidden point ({})", "禁じ手（{}）"},
    {"double-three", "三三"},
    {"double-four", "四四"},
    {"overline", "長連"},
    {"That point is taken", "そこにはもう石があります"},
    {"Not a legal move: no disc would flip", "打てません：裏返る石がありません"},
    {"Not a legal move", "そこには打てません"},
    {"You win!", "あなたの勝ち！"},
    {"Engine wins", "エンジンの勝ち"},
    {"Draw", "引き分け"},
    {"{} wins", "{}の勝ち"},
    {"Reversi: no legal move, you pass", "打てる場所がないのでパスします"},
    {"Reversi: the engine has no legal move and passes; your move", "エンジンは打てる場所がなくパス。あなたの番です"},
    {"Reversi: {} has no legal move and passes", "{}は打てる場所がなくパス"},
    {"You pass: no legal move", "パス：打てる場所がありません"},
    {"The engine passes", "エンジンがパスしました"},
    {"{} passes", "{}がパス"},
    {"Undo is for games with a person in them", "待ったは人が打つ対局でだけ使えます"},
    {"Nothing to undo", "戻せる手がありません"},
    {"Stepping through is for two people and loaded games; Undo takes back a move", "手順の前後は二人対局と読み込んだ棋譜で使えます。待ったで一手戻せます"},
    {"Saved: {}", "保存しました：{}"},
    {"Not saved: {}", "保存できません：{}"},
    {"Save", "保存"},
    {"Load", "読込"},
    {"Loaded: {}", "読み込みました：{}"},
    {"Not loaded: {}. The game on the board is kept.", "読み込めません：{}。盤上の対局はそのままです。"},
    {"Open a saved game", "保存した棋譜を開く"},
    {"No saved games yet: F2 or Save keeps a game, and the .ggf, .sgf and .txt files of the folder narabe-gui was started in are listed too.",
     "保存した棋譜はまだありません。F2 か「保存」で対局を保存できます。narabe-gui を起動したフォルダの .ggf、.sgf、.txt も表示されます。"},
    {"saved games", "保存した棋譜"},
    {"this folder", "起動フォルダ"},
    {"↑ ↓ choose · Enter loads · Esc cancels", "↑ ↓ 選択 · Enter 読込 · Esc 取消"},
    {"Cancel", "取消"},
    {"Saved game", "保存した棋譜"},
    {"Open… (L)", "開く…（L）"},
    {"Hints on", "ヒント表示オン"},
    {"Hints off", "ヒント表示オフ"},
    {"Music on", "音楽オン"},
    {"Music off", "音楽オフ"},
    {"Sound effects on", "効果音オン"},
    {"Sound effects off", "効果音オフ"},
    {"Volume: music {} %, effects {} %", "音量：音楽 {} %、効果音 {} %"},
    {"Engine restarted", "エンジンを再起動しました"},
    {"Engine restart failed: {}", "エンジンを再起動できません：{}"},
    {"Engine problem: {}. Press R to restart it; the game stays.", "エンジンの問題：{}。R で再起動します（対局はそのまま）。"},
    {"The engine played an illegal move '{}'. Press R to restart it.", "エンジンが不正な手「{}」を打ちました。R で再起動します。"},
    {"A hint is for your own move", "ヒントはあなたの手番で使えます"},
    {"Looking for a good move...", "良い手を探しています…"},
    {"Hint: {} (marked on the board)", "ヒント：{}（盤に印）"},
    {"Hint: column {} (marked on the board)", "ヒント：{}列（盤に印）"},
    {"wins in {}", "{}手で勝ち"},
    {"loses in {}", "{}手で負け"},
    {"Move {}", "{}手目"},
    {"{} moves", "{}手"},
    {"1 move", "1手"},
    // Sides, games, rules, players, levels.
    {"Black", "黒"}, {"White", "白"}, {"Red", "赤"}, {"Yellow", "黄"},
    {"Tic-tac-toe", "三目並べ"}, {"Connect Four", "コネクトフォー"}, {"Gomoku", "五目並べ"}, {"Reversi", "リバーシ"},
    {"freestyle", "自由ルール"}, {"standard", "標準ルール"}, {"renju", "連珠"}, {"overline forbidden", "長連禁止"},
    {"You vs engine", "あなた対エンジン"}, {"Engine vs engine", "エンジン対エンジン"}, {"Two people", "二人で対局"},
    {"Easy", "やさしい"}, {"Normal", "ふつう"}, {"Hard", "むずかしい"}, {"Max", "最強"},
    {"Easy: plays loosely, for learning the game", "やさしい：ゆるく打ちます。ルールを覚えるのに"},
    {"Normal: sees the simple threats", "ふつう：簡単な狙いは見逃しません"},
    {"Hard: looks further ahead, a real fight", "むずかしい：先を読みます。本気の勝負"},
    {"Max: full-strength search (the solver where there is one)", "最強：全力で探索（解けるゲームは完全解）"},
    // The side panel and its buttons.
    {"{} · level {}", "{} · レベル {}"},
    {" — engine", " — エンジン"}, {" — you", " — あなた"},
    {"Thinking", "考え中"}, {"Looking", "検討中"},
    {"Evaluation for you {}", "評価（あなたから見て）{}"},
    {"Evaluation for {} {}", "評価（{}から見て）{}"},
    {" · depth {}", " · 深さ {}"},
    {"Score this session", "今回の成績"}, {"you", "あなた"}, {"engine", "エンジン"}, {"draws", "引き分け"},
    {"Moves", "棋譜"}, {"F1: all keys", "F1：キー一覧"},
    {"New", "新規"}, {"Undo", "待った"}, {"Menu", "メニュー"}, {"Hint", "ヒント"},
    {"Marks on", "印 オン"}, {"Marks off", "印 オフ"},
    {"Sound on", "効果音 オン"}, {"Sound off", "効果音 オフ"},
    {"Vol −", "音量 −"}, {"Vol +", "音量 +"}, {"Play again", "もう一度"},
    // The start screen.
    {"line-up games against an engine", "エンジンと遊ぶ並べゲーム"},
    {"Game", "ゲーム"}, {"Rule", "ルール"}, {"Players", "対局者"}, {"First move", "先手"}, {"Level", "レベル"},
    {"Music", "音楽"}, {"Sound effects", "効果音"}, {"Language", "言語 / Language"},
    {"Start", "開始"}, {"Resume", "再開"}, {"You", "あなた"}, {"Engine", "エンジン"}, {"Off", "オフ"}, {"On", "オン"},
    {"Analysis (max)", "形勢解析（最強）"}, {"Text size", "文字の大きさ"},
    {"Arrows or mouse choose · Enter starts · F1 keys", "矢印キーかマウスで選ぶ · Enter で開始 · F1 キー一覧"},
    {"Arrows choose · Enter starts · Esc resumes · F1 keys", "矢印キーで選ぶ · Enter で開始 · Esc で再開 · F1 キー一覧"},
    // The key help.
    {"Keys", "キー操作"}, {"Mouse", "マウス"}, {"Arrows", "矢印キー"},
    {"click a cell or column to play", "マス目か列をクリックして打つ"},
    {"drop in that column (Connect Four)", "その列に落とす（コネクトフォー）"},
    {"move the cursor", "カーソルを動かす"},
    {"play at the cursor (game over: play again)", "カーソルの位置に打つ（終局後：もう一度）"},
    {"undo your last move and the reply", "自分の手と相手の応手を戻す"},
    {"new game", "新しい対局"},
    {"hint: the engine marks a move for you", "ヒント：エンジンが手を示す"},
    {"marks on / off (legal, forbidden points)", "印の表示（打てる点・禁じ手）"},
    {"music / sound effects on / off", "音楽 / 効果音のオン・オフ"},
    {"volume down / up", "音量を下げる / 上げる"},
    {"restart the engine after a failure", "エンジンの再起動（異常時）"},
    {"menu (the game waits: Esc again resumes)", "メニュー（対局は保留：もう一度 Esc で再開）"},
    {"this help", "このヘルプ"},
    {"save the game (GGF, SGF, moves)", "対局を保存（GGF、SGF、手順）"},
    {"open a saved game (a list to choose from)", "保存した棋譜を開く（一覧から選択）"},
    {"L, F3", "L、F3"},
    {"a move back / forward (two people, loaded games)", "一手戻る / 進む（二人対局、読み込んだ棋譜）"},
    {"any key closes this", "何かキーを押すと閉じます"},
});
// clang-format on

bool starts_with_ja(const char* value) { return value != nullptr && std::string_view(value).substr(0, 2) == "ja"; }

}  // namespace

std::string_view tr(Language language, std::string_view english) {
  if (language != Language::kJapanese) return english;
  for (const auto& [en, ja] : kJapanese)
    if (en == english) return ja;
  return english;
}

std::span<const std::pair<std::string_view, std::string_view>> japanese_texts() { return kJapanese; }

Language language_from_locale(const char* lc_all, const char* lc_messages, const char* lang) {
  // The first one set (and not empty) decides, as for gettext.
  for (const char* value : {lc_all, lc_messages, lang})
    if (value != nullptr && *value != '\0') return starts_with_ja(value) ? Language::kJapanese : Language::kEnglish;
  return Language::kEnglish;
}

}  // namespace narabe::gui
