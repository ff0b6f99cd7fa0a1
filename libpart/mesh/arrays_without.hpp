#pragma once
// A mesh's arrays less some, by name: readers drop their bookkeeping arrays with it.
#include <algorithm>
#include <initializer_list>
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part {

inline std::vector<MeshArray> arrays_without(const std::vector<MeshArray>& arrays,
                                             std::initializer_list<const char*> names) {
    std::vector<MeshArray> kept;
    for (const auto& a : arrays)
        if (std::none_of(names.begin(), names.end(), [&](const char* n) { return a.name() == n; }))
            kept.push_back(a);
    return kept;
}

} // namespace part
