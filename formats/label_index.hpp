#pragma once
// Ids that label nodes or elements in files where they need not be 0, 1, 2, ... (Abaqus, AVS
// UCD): each defined once, at some line, and looked up after the whole file is read.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "libpart/core/error.hpp"

namespace part::formats {

class LabelIndex {
  public:
    // The next definition: `id` names entry size() - 1 after this, defined at `line`.
    void add(std::int64_t id, std::int64_t line) {
        labels_.push_back({id, std::int64_t(labels_.size()), line});
    }
    std::size_t size() const { return labels_.size(); }
    std::int64_t line(std::size_t entry) const { return lines_[entry]; }

    // Sorts for lookup; throws InputError naming `file`, the second definition's line and both
    // lines when an id is defined twice ("node 7 is defined twice (lines 3 and 9)").
    void finish(const std::string& file, const std::string& what) {
        lines_.resize(labels_.size());
        for (const Label& l : labels_) lines_[std::size_t(l.index)] = l.line;
        std::stable_sort(labels_.begin(), labels_.end(),
                         [](const Label& a, const Label& b) { return a.id < b.id; });
        for (std::size_t i = 1; i < labels_.size(); ++i) {
            const Label &a = labels_[i - 1], &b = labels_[i];
            if (a.id != b.id) continue;
            const std::int64_t first = std::min(a.line, b.line), second = std::max(a.line, b.line);
            throw InputError(file, second,
                             what + " " + std::to_string(b.id) + " is defined twice (lines " +
                                 std::to_string(first) + " and " + std::to_string(second) + ")");
        }
    }

    // The entry `id` names, once finished.
    std::optional<std::int64_t> find(std::int64_t id) const {
        const auto it = std::lower_bound(labels_.begin(), labels_.end(), id,
                                         [](const Label& l, std::int64_t v) { return l.id < v; });
        if (it == labels_.end() || it->id != id) return std::nullopt;
        return it->index;
    }

  private:
    struct Label {
        std::int64_t id, index, line;
    };
    std::vector<Label> labels_;
    std::vector<std::int64_t> lines_; // by entry, once finished
};

} // namespace part::formats
