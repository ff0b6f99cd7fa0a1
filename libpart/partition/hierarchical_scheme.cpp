#include "libpart/partition/hierarchical_scheme.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "libpart/core/partition.hpp"

namespace part {

long long HierarchicalScheme::num_parts() const {
    long long product = 1;
    for (const SchemeLevel& level : levels) product *= level.parts;
    return product;
}

namespace {

const char kAxisNames[] = "XYZ";

[[noreturn]] void bad_scheme(std::string_view text, const std::string& what) {
    throw InvalidArgument("scheme '" + std::string(text) + "': " + what +
                          "; expected e.g. BLOCK[YZX][4x2x2], BEAM-Z[YX][4x4] or SLICE-X[16]");
}

int axis_of(char c) {
    return c == 'X' ? 0 : c == 'Y' ? 1 : c == 'Z' ? 2 : -1;
}

// The text between '[' and ']' starting at `pos`, advancing `pos` past it.
std::string_view bracket(std::string_view text, std::string_view upper, std::size_t& pos) {
    if (pos >= upper.size() || upper[pos] != '[')
        bad_scheme(text, "missing '[' at character " + std::to_string(pos + 1));
    const std::size_t close = upper.find(']', pos);
    if (close == std::string_view::npos) bad_scheme(text, "missing ']'");
    std::string_view inside = upper.substr(pos + 1, close - pos - 1);
    pos = close + 1;
    return inside;
}

std::vector<int> parse_counts(std::string_view text, std::string_view counts) {
    std::vector<int> result;
    std::size_t pos = 0;
    while (pos <= counts.size()) {
        std::size_t end = counts.find('X', pos); // upper-cased 'x'
        if (end == std::string_view::npos) end = counts.size();
        const std::string_view digits = counts.substr(pos, end - pos);
        if (digits.empty() || digits.size() > 9 ||
            !std::all_of(digits.begin(), digits.end(),
                         [](char c) { return std::isdigit((unsigned char)c); }))
            bad_scheme(text, std::string(1, '\'').append(digits).append("' is not a part count"));
        const int value = std::stoi(std::string(digits));
        if (value < 1) bad_scheme(text, "part counts must be at least 1");
        result.push_back(value);
        pos = end + 1;
    }
    return result;
}

} // namespace

HierarchicalScheme parse_scheme(std::string_view text, int dim) {
    std::string upper(text);
    for (char& c : upper) c = char(std::toupper((unsigned char)c));
    HierarchicalScheme scheme;
    std::size_t pos = 0;
    std::size_t expected_axes = 0;
    if (upper.rfind("BLOCK", 0) == 0) {
        scheme.kind = HierarchicalScheme::Kind::Block;
        pos = 5;
        expected_axes = std::size_t(dim);
    } else if (upper.rfind("BEAM-", 0) == 0 || upper.rfind("SLICE-", 0) == 0) {
        const bool beam = upper[0] == 'B';
        scheme.kind = beam ? HierarchicalScheme::Kind::Beam : HierarchicalScheme::Kind::Slice;
        pos = beam ? 5 : 6;
        scheme.named_axis = pos < upper.size() ? axis_of(upper[pos]) : -1;
        if (scheme.named_axis < 0) bad_scheme(text, "expected an axis X, Y or Z after '-'");
        if (scheme.named_axis >= dim && !(beam && dim == 2)) // a 2D beam scheme runs along Z
            bad_scheme(text, std::string("axis ") + kAxisNames[scheme.named_axis] +
                                 " is not in the " + std::to_string(dim) + "D coordinates");
        ++pos;
        expected_axes = beam ? 2 : 1;
    } else {
        bad_scheme(text, "unknown kind");
    }
    std::string_view first = bracket(text, upper, pos);
    std::string_view axes, counts;
    if (pos < upper.size()) {
        axes = first;
        counts = bracket(text, upper, pos);
        if (pos != upper.size()) bad_scheme(text, "unexpected text after the counts");
    } else if (scheme.kind == HierarchicalScheme::Kind::Slice) {
        axes = std::string_view(&kAxisNames[scheme.named_axis], 1); // SLICE-X[16]
        counts = first;
    } else {
        bad_scheme(text, "expected an axis order in [] and then the counts in []");
    }
    for (char letter : axes) // name a missing axis before a wrong count
        if (axis_of(letter) >= dim)
            bad_scheme(text, std::string("axis ") + letter + " is not in the " +
                                 std::to_string(dim) + "D coordinates");
    if (axes.size() != expected_axes)
        bad_scheme(text, "expected " + std::to_string(expected_axes) +
                             " axes in the order, found " + std::to_string(axes.size()));
    const std::vector<int> numbers = parse_counts(text, counts);
    if (numbers.size() != axes.size())
        bad_scheme(text, std::to_string(axes.size()) + " axes but " +
                             std::to_string(numbers.size()) + " counts");
    std::array<bool, 3> used{};
    for (std::size_t i = 0; i < axes.size(); ++i) {
        const int axis = axis_of(axes[i]);
        if (axis < 0) bad_scheme(text, std::string("'") + axes[i] + "' is not an axis (X, Y or Z)");
        if (used[axis]) bad_scheme(text, std::string("axis ") + axes[i] + " appears twice");
        if (scheme.kind == HierarchicalScheme::Kind::Beam && axis == scheme.named_axis)
            bad_scheme(text, std::string("a beam along ") + axes[i] + " cannot cut " + axes[i]);
        if (scheme.kind == HierarchicalScheme::Kind::Slice && axis != scheme.named_axis)
            bad_scheme(text, "a slice scheme cuts only its own axis");
        used[axis] = true;
        scheme.levels.push_back({axis, numbers[i]});
    }
    return scheme;
}

std::string format_scheme(const HierarchicalScheme& scheme) {
    std::string text = scheme.kind == HierarchicalScheme::Kind::Block ? "BLOCK"
                       : scheme.kind == HierarchicalScheme::Kind::Beam
                           ? std::string("BEAM-") + kAxisNames[scheme.named_axis]
                           : std::string("SLICE-") + kAxisNames[scheme.named_axis];
    std::string axes, counts;
    for (const SchemeLevel& level : scheme.levels) {
        axes += kAxisNames[level.axis];
        if (!counts.empty()) counts += 'x';
        counts += std::to_string(level.parts);
    }
    if (scheme.kind == HierarchicalScheme::Kind::Slice) return text + "[" + counts + "]";
    return text + "[" + axes + "][" + counts + "]";
}

} // namespace part
