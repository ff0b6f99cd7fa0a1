#pragma once
// The largest node id a mesh file's elements name, and the line naming it first: readers of
// formats whose elements may come before the point count (SU2, Medit) check the ids against
// that count once the whole file is read and still name the line at fault.
#include <cstdint>
#include <string>

#include "libpart/core/error.hpp"

namespace part::formats {

class NodeIdBound {
  public:
    void see(std::int64_t id, std::int64_t line) {
        if (id > max_id_) max_id_ = id, line_ = line;
    }
    // Throws InputError unless every id seen is below `first + count` (ids start at `first`).
    // `count_name` names the count in the message ("NPOIN= 12").
    void check(std::int64_t first, std::int64_t count, const std::string& file,
               const std::string& count_name) const {
        if (max_id_ < first + count) return;
        throw InputError(file, line_,
                         "node id " + std::to_string(max_id_) + " is out of range: " + count_name +
                             " gives ids " + std::to_string(first) + ".." +
                             std::to_string(first + count - 1));
    }

  private:
    std::int64_t max_id_ = -1;
    std::int64_t line_ = 0;
};

} // namespace part::formats
