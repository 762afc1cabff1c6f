// The dice service: rng seeding, expression parsing, the three dice sources, and the roller's
// operations in sample and explain mode (enumerate mode branches in dice_enumerate.cpp).
// Sample mode must stay cheap: no records, no strings, no allocation once scratch_ has grown.
#include "muster/dice.hpp"

#include <algorithm>
#include <utility>

#include "dice_enumerate.hpp"
#include "muster/error.hpp"

namespace muster {

// ---------------------------------------------------------------------------------------------
// rng

rng::rng(std::uint64_t seed) noexcept {
  std::uint64_t x = seed;
  for (std::uint64_t& word : s_) {
    x += 0x9e3779b97f4a7c15ULL;
    word = mix64(x);
  }
}

rng rng::stream(std::uint64_t seed, std::uint64_t index) noexcept {
  return rng(seed ^ mix64(index));
}

rng rng::from_state(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3) {
  if ((s0 | s1 | s2 | s3) == 0) fail("rng::from_state: the all-zero state is invalid");
  rng r;
  r.s_[0] = s0;
  r.s_[1] = s1;
  r.s_[2] = s2;
  r.s_[3] = s3;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Expressions

namespace {

constexpr std::string_view want_expr = "want NdX, NdX+M or NdX-M";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Reads a run of digits at text[pos...]; returns the digits (empty if none) and moves pos.
/// The value saturates above 10^9 so overflow cannot happen; callers range-check it.
std::string_view read_digits(std::string_view text, std::size_t& pos, long long& value) {
  const std::size_t start = pos;
  value = 0;
  while (pos < text.size() && is_digit(text[pos])) {
    if (value <= 1000000000LL) value = value * 10 + (text[pos] - '0');
    ++pos;
  }
  return text.substr(start, pos - start);
}

}  // namespace

dice_expr parse_dice(std::string_view text) {
  std::size_t pos = 0;
  long long count = 1;
  long long sides = 0;
  long long modifier = 0;
  std::string_view count_text = read_digits(text, pos, count);
  if (count_text.empty()) count = 1;
  if (pos >= text.size() || (text[pos] != 'd' && text[pos] != 'D'))
    fail("bad expression '{}' ({})", cut_echo(text), want_expr);
  ++pos;
  const std::string_view sides_text = read_digits(text, pos, sides);
  if (sides_text.empty()) fail("bad expression '{}' ({})", cut_echo(text), want_expr);
  std::string_view modifier_text;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    negative = text[pos] == '-';
    ++pos;
    modifier_text = read_digits(text, pos, modifier);
    if (modifier_text.empty()) fail("bad expression '{}' ({})", cut_echo(text), want_expr);
  }
  if (pos != text.size()) fail("bad expression '{}' ({})", cut_echo(text), want_expr);
  if (count > max_dice)
    fail("bad expression '{}' (count {} out of range 0..{})", cut_echo(text), cut_echo(count_text), max_dice);
  if (sides < 2 || sides > max_sides)
    fail("bad expression '{}' (sides {} out of range 2..{})", cut_echo(text), cut_echo(sides_text), max_sides);
  if (modifier > max_modifier)
    fail("bad expression '{}' (modifier {}{} out of range -{}..{})", cut_echo(text), negative ? "-" : "+",
         cut_echo(modifier_text), max_modifier, max_modifier);
  return dice_expr{static_cast<int>(count), static_cast<int>(sides),
                   static_cast<int>(negative ? -modifier : modifier)};
}

std::string fmt_dice(const dice_expr& e) {
  if (e.modifier == 0) return fmt::format("{}D{}", e.count, e.sides);
  return fmt::format("{}D{}{:+}", e.count, e.sides, e.modifier);
}

// ---------------------------------------------------------------------------------------------
// Sources

namespace {

std::string_view plural_faces(std::size_t n) { return n == 1 ? "face" : "faces"; }

/// Throws "<who>: face 7 is impossible on a D6 ("label")" for the first face outside the die.
void check_faces(std::string_view who, const dice_request& request, std::span<const int> faces) {
  for (const int face : faces)
    if (face < 1 || face > request.sides)
      fail("{}: face {} is impossible on a D{} (\"{}\")", who, face, request.sides,
           cut_echo(request.label));
}

}  // namespace

void seeded_source::roll(const dice_request& request, std::span<int> faces) {
  for (int& face : faces) face = rng_.die(request.sides);
}

void scripted_source::roll(const dice_request& request, std::span<int> faces) {
  const std::size_t left = remaining();
  if (left < faces.size())
    fail("scripted dice ran out: \"{}\" needs {}D{}, {} {} left", cut_echo(request.label), request.count,
         request.sides, left, plural_faces(left));
  const std::span<const int> next(faces_.data() + next_, faces.size());
  check_faces("scripted dice", request, next);
  std::copy(next.begin(), next.end(), faces.begin());
  next_ += faces.size();
}

void scripted_source::append(std::span<const int> faces) {
  faces_.insert(faces_.end(), faces.begin(), faces.end());
}

interactive_source::interactive_source(ask_fn ask) : ask_(std::move(ask)) {
  if (!ask_) fail("interactive_source: no callback");
}

void interactive_source::roll(const dice_request& request, std::span<int> faces) {
  const std::vector<int> answer = ask_(request);
  if (answer.size() != faces.size())
    fail("interactive dice: \"{}\" needs {}D{}, got {} {}", cut_echo(request.label), request.count,
         request.sides, answer.size(), plural_faces(answer.size()));
  check_faces("interactive dice", request, answer);
  std::copy(answer.begin(), answer.end(), faces.begin());
}

// ---------------------------------------------------------------------------------------------
// Names and records

std::string_view mode_name(roll_mode mode) noexcept {
  switch (mode) {
    case roll_mode::sample: return "sample";
    case roll_mode::explain: return "explain";
    case roll_mode::enumerate: return "enumerate";
  }
  return "?";
}

std::string_view op_name(roll_op op) noexcept {
  switch (op) {
    case roll_op::roll: return "roll";
    case roll_op::sum: return "sum";
    case roll_op::count: return "count";
    case roll_op::highest: return "highest";
    case roll_op::lowest: return "lowest";
  }
  return "?";
}

std::string fmt_record(const roll_record& record) {
  return fmt::format("{}: {}D{} {} [{}] -> {}", record.label, record.count, record.sides,
                     op_name(record.op), fmt::join(record.faces, ","), record.result);
}

// ---------------------------------------------------------------------------------------------
// roller

roller::roller() : roller(0) {}

roller::roller(std::uint64_t seed) : source_(std::make_unique<seeded_source>(seed)) {}

roller::~roller() = default;

void roller::check_analysis_free(std::string_view what) const {
  if (enumeration_ != nullptr) fail("cannot {} while enumerating", what);
  if (sampling_) fail("cannot {} while sampling", what);
}

void roller::set_source(std::unique_ptr<dice_source> source) {
  if (!source) fail("roller::set_source: null source");
  check_analysis_free("change the dice source");
  source_ = std::move(source);
}

void roller::set_seed(std::uint64_t seed) { set_source(std::make_unique<seeded_source>(seed)); }

void roller::set_mode(roll_mode mode) {
  if (mode == roll_mode::enumerate)
    fail("roller::set_mode: enumerate mode is entered only through roller::enumerate");
  check_analysis_free("change the mode");
  mode_ = mode;
}

void roller::set_observer(std::function<void(const roll_record&)> observer) {
  observer_ = std::move(observer);
}

void roller::check_expr(std::string_view label, const dice_expr& e, int min_count) const {
  if (e.count < min_count || e.count > max_dice)
    fail("\"{}\": count {} out of range {}..{}", cut_echo(label), e.count, min_count, max_dice);
  if (e.sides < 2 || e.sides > max_sides)
    fail("\"{}\": sides {} out of range 2..{}", cut_echo(label), e.sides, max_sides);
  if (e.modifier < -max_modifier || e.modifier > max_modifier)
    fail("\"{}\": modifier {} out of range -{}..{}", cut_echo(label), e.modifier, max_modifier,
         max_modifier);
}

std::span<int> roller::draw(std::string_view label, int count, int sides) {
  const auto n = static_cast<std::size_t>(count);
  if (scratch_.size() < n) scratch_.resize(n);
  const std::span<int> faces(scratch_.data(), n);
  last_faces_ = {};
  if (n > 0) source_->roll(dice_request{label, count, sides}, faces);
  last_faces_ = faces;
  return faces;
}

void roller::record(std::string_view label, int sides, int count, roll_op op, int result) {
  records_.push_back(roll_record{std::string(label), sides, count,
                                 std::vector<int>(last_faces_.begin(), last_faces_.end()), op,
                                 result});
  if (observer_) {
    // A copy: the observer may itself roll (and grow records_) without invalidating it.
    const roll_record copy = records_.back();
    observer_(copy);
  }
}

roll_result roller::roll(std::string_view label, const dice_expr& e) {
  check_expr(label, e, 0);
  ++operations_;
  if (mode_ == roll_mode::enumerate) {
    const int* v = enumeration_->branch(
        dice_branch_key{roll_op::roll, e.count, e.sides, e.modifier, 0, false, false, false});
    last_faces_ = std::span<const int>(v + 1, static_cast<std::size_t>(e.count));
    return roll_result{v[0], last_faces_};
  }
  const std::span<int> faces = draw(label, e.count, e.sides);
  int total = e.modifier;
  for (const int face : faces) total += face;
  if (mode_ == roll_mode::explain) record(label, e.sides, e.count, roll_op::roll, total);
  return roll_result{total, last_faces_};
}

int roller::roll_sum(std::string_view label, const dice_expr& e) {
  check_expr(label, e, 0);
  ++operations_;
  if (mode_ == roll_mode::enumerate) {
    last_faces_ = {};
    return *enumeration_->branch(
        dice_branch_key{roll_op::sum, e.count, e.sides, e.modifier, 0, false, false, false});
  }
  const std::span<int> faces = draw(label, e.count, e.sides);
  int total = e.modifier;
  for (const int face : faces) total += face;
  if (mode_ == roll_mode::explain) record(label, e.sides, e.count, roll_op::sum, total);
  return total;
}

above_result roller::roll_above(std::string_view label, const dice_expr& e, int threshold) {
  check_expr(label, e, 0);
  if (mode_ == roll_mode::enumerate) {
    ++operations_;
    last_faces_ = {};
    const int passed = *enumeration_->branch(
        dice_branch_key{roll_op::sum, e.count, e.sides, e.modifier, threshold, true, false, false});
    return above_result{passed == 1, std::nullopt};
  }
  const int total = roll_sum(label, e);
  return above_result{total > threshold, total};
}

int roller::count_above(std::string_view label, const dice_expr& e, int threshold, int times) {
  check_expr(label, e, 0);
  if (times < 0 || times > max_dice) fail("\"{}\": times {} out of range 0..{}", cut_echo(label), times, max_dice);
  if (threshold < -max_modifier || threshold > max_modifier)
    fail("\"{}\": threshold {} out of range -{}..{}", cut_echo(label), threshold, max_modifier, max_modifier);
  if (mode_ == roll_mode::enumerate) {
    ++operations_;
    last_faces_ = {};
    return *enumeration_->branch(dice_branch_key{roll_op::sum, e.count, e.sides, e.modifier, threshold, true,
                                                 false, false, false, times});
  }
  int passed = 0;
  for (int i = 0; i < times; ++i) passed += roll_sum(label, e) > threshold ? 1 : 0;
  return passed;
}

int roller::roll_highest(std::string_view label, const dice_expr& e) {
  check_expr(label, e, 1);
  ++operations_;
  if (mode_ == roll_mode::enumerate) {
    last_faces_ = {};
    return *enumeration_->branch(
        dice_branch_key{roll_op::highest, e.count, e.sides, e.modifier, 0, false, false, false});
  }
  const std::span<int> faces = draw(label, e.count, e.sides);
  const int result = *std::max_element(faces.begin(), faces.end()) + e.modifier;
  if (mode_ == roll_mode::explain) record(label, e.sides, e.count, roll_op::highest, result);
  return result;
}

int roller::roll_lowest(std::string_view label, const dice_expr& e) {
  check_expr(label, e, 1);
  ++operations_;
  if (mode_ == roll_mode::enumerate) {
    last_faces_ = {};
    return *enumeration_->branch(
        dice_branch_key{roll_op::lowest, e.count, e.sides, e.modifier, 0, false, false, false});
  }
  const std::span<int> faces = draw(label, e.count, e.sides);
  const int result = *std::min_element(faces.begin(), faces.end()) + e.modifier;
  if (mode_ == roll_mode::explain) record(label, e.sides, e.count, roll_op::lowest, result);
  return result;
}

count_result roller::roll_count(std::string_view label, const count_spec& spec) {
  check_expr(label, dice_expr{spec.count, spec.sides, spec.modifier}, 0);
  ++operations_;
  if (spec.target < -max_modifier || spec.target > max_modifier)
    fail("\"{}\": target {} out of range -{}..{}", cut_echo(label), spec.target, max_modifier,
         max_modifier);
  if (mode_ == roll_mode::enumerate) {
    last_faces_ = {};
    const int* v = enumeration_->branch(dice_branch_key{
        roll_op::count, spec.count, spec.sides, spec.modifier, spec.target, spec.under,
        spec.natural_max, spec.natural_min, spec.tally});
    return count_result{v[0], v[1], v[2]};
  }
  const std::span<int> faces = draw(label, spec.count, spec.sides);
  // Branch-free: faces are random, so per-die branches would mispredict about half the time.
  // face + modifier >= target  <=>  (face - threshold) * dir >= 0, dir = -1 rolling under.
  const int threshold = spec.target - spec.modifier;
  const int dir = spec.under ? -1 : 1;
  const int max_face = spec.natural_max ? spec.sides : 0;  // 0 matches no face
  const int min_face = spec.natural_min ? 1 : 0;
  const int max_wins = spec.under ? 0 : 1;  // the best natural succeeds, the worst fails
  int successes = 0;
  int maxes = 0;
  int mins = 0;
  for (const int face : faces) {
    const int is_max = face == max_face ? 1 : 0;
    const int is_min = face == min_face ? 1 : 0;  // sides >= 2: never both
    const int pass = (face - threshold) * dir >= 0 ? 1 : 0;
    maxes += is_max;
    mins += is_min;
    successes += (is_max & max_wins) | (is_min & (1 - max_wins)) | ((1 - is_max - is_min) & pass);
  }
  const count_result r{successes, maxes, mins};
  if (mode_ == roll_mode::explain)
    record(label, spec.sides, spec.count, roll_op::count, r.successes);
  return r;
}

}  // namespace muster
