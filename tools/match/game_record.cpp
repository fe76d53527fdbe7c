#include "tools/match/game_record.h"

#include <nlohmann/json.hpp>

#include "tools/match/json_integer.h"

namespace narabe::match {

using json = nlohmann::ordered_json;

std::string result_text(core::Outcome outcome) {
  switch (outcome) {
    case core::Outcome::kFirstWins: return "1-0";
    case core::Outcome::kSecondWins: return "0-1";
    case core::Outcome::kDraw: return "1/2-1/2";
    case core::Outcome::kNone: return "*";
  }
  return "*";
}

static std::optional<core::Outcome> outcome_from_text(std::string_view text) {
  if (text == "1-0") return core::Outcome::kFirstWins;
  if (text == "0-1") return core::Outcome::kSecondWins;
  if (text == "1/2-1/2") return core::Outcome::kDraw;
  return std::nullopt;
}

std::string to_json_line(const GameRecord& r) {
  json moves = json::array();
  for (const MoveRecord& m : r.moves) {
    json move = {{"move", m.move}, {"ms", m.time_ms}};
    if (m.score_mate) {
      move["mate"] = *m.score_mate;
    } else if (m.score_cp) {
      move["cp"] = *m.score_cp;
    }
    if (m.depth) move["depth"] = *m.depth;
    if (m.nodes) move["nodes"] = *m.nodes;
    moves.push_back(std::move(move));
  }
  json line = {
      {"type", "game"},
      {"id", r.id},
      {"pair", r.pair},
      {"round", r.round},
      {"first", {{"engine", r.engines[0]}, {"name", r.names[0]}}},
      {"second", {{"engine", r.engines[1]}, {"name", r.names[1]}}},
      {"opening", {{"index", r.opening_index}, {"fen", r.opening.fen}, {"moves", r.opening.moves}}},
      {"moves", std::move(moves)},
      {"result", result_text(r.outcome)},
      {"termination", termination_name(r.termination)},
      {"reason", r.reason},
      {"final_fen", r.final_fen},
      {"winning_line", r.winning_line},
      {"started", r.started},
      {"duration_ms", r.duration_ms},
  };
  // Engines may print any bytes in a move; replace what is not UTF-8 rather than fail.
  return line.dump(-1, ' ', false, json::error_handler_t::replace);
}

core::Expected<GameRecord> game_from_json(std::string_view text) {
  try {
    const json j = json::parse(text);
    if (!j.is_object() || j.value("type", "") != "game") return core::make_error("not a game record");
    GameRecord r;
    r.id = json_integer<std::int64_t>(j.at("id"));
    r.pair = json_integer<std::int64_t>(j.at("pair"));
    r.round = json_integer<int>(j.at("round"));
    r.engines[0] = json_integer<int>(j.at("first").at("engine"));
    r.names[0] = j.at("first").at("name").get<std::string>();
    r.engines[1] = json_integer<int>(j.at("second").at("engine"));
    r.names[1] = j.at("second").at("name").get<std::string>();
    r.opening_index = json_integer<std::int64_t>(j.at("opening").at("index"));
    r.opening.fen = j.at("opening").at("fen").get<std::string>();
    r.opening.moves = j.at("opening").at("moves").get<std::vector<std::string>>();
    // Iterating an object or a number would not throw: check the type first.
    if (!j.at("moves").is_array()) return core::make_error("bad game record: moves is not an array");
    for (const json& m : j.at("moves")) {
      MoveRecord move;
      move.move = m.at("move").get<std::string>();
      move.time_ms = json_integer<std::int64_t>(m.at("ms"));
      // A mate score wins over a cp score, as when writing (which keeps only the mate).
      if (m.contains("mate")) {
        move.score_mate = json_integer<int>(m.at("mate"));
      } else if (m.contains("cp")) {
        move.score_cp = json_integer<int>(m.at("cp"));
      }
      if (m.contains("depth")) move.depth = json_integer<int>(m.at("depth"));
      if (m.contains("nodes")) move.nodes = json_integer<std::int64_t>(m.at("nodes"));
      r.moves.push_back(std::move(move));
    }
    const auto outcome = outcome_from_text(j.at("result").get<std::string>());
    if (!outcome) return core::make_error("bad result");
    r.outcome = *outcome;
    const auto termination = termination_from_name(j.at("termination").get<std::string>());
    if (!termination) return core::make_error("bad termination");
    r.termination = *termination;
    r.reason = j.at("reason").get<std::string>();
    r.final_fen = j.at("final_fen").get<std::string>();
    r.winning_line = j.at("winning_line").get<std::vector<std::string>>();
    r.started = j.at("started").get<std::string>();
    r.duration_ms = json_integer<std::int64_t>(j.at("duration_ms"));
    if (r.id < 0 || r.pair < 0 || r.engines[0] < 0 || r.engines[1] < 0) return core::make_error("negative index");
    return r;
  } catch (const json::exception& e) {
    return core::make_error(std::string("bad game record: ") + e.what());
  }
}

std::optional<double> points_of(const GameRecord& record, int engine) {
  int side = -1;
  if (record.engines[0] == engine) side = 0;
  else if (record.engines[1] == engine) side = 1;
  if (side < 0) return std::nullopt;
  switch (record.outcome) {
    case core::Outcome::kDraw: return 0.5;
    case core::Outcome::kFirstWins: return side == 0 ? 1.0 : 0.0;
    case core::Outcome::kSecondWins: return side == 1 ? 1.0 : 0.0;
    case core::Outcome::kNone: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace narabe::match
