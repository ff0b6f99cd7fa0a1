#pragma once
// Hierarchical rectilinear partitioning schemes (Ashok's thesis, chapter 8): BLOCK[YZX][4x2x2]
// cuts Y into 4, then each piece along Z into 2, then along X into 2; BEAM-Z[YX][4x4] cuts Y
// then X, leaving beams along Z; SLICE-X[16] cuts X into 16 slices.
#include <string>
#include <string_view>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

struct SchemeLevel {
    int axis = 0;  // 0 = X, 1 = Y, 2 = Z
    int parts = 1; // pieces each region of the previous level is cut into
};

struct HierarchicalScheme {
    enum class Kind { Block, Beam, Slice };
    Kind kind = Kind::Slice;
    int named_axis = -1; // BEAM-D: the uncut axis D; SLICE-D: the cut axis D; BLOCK: -1
    std::vector<SchemeLevel> levels;

    long long num_parts() const;
};

// Parses a descriptor for coordinates of `dim` axes. Throws InvalidArgument saying what was
// expected: the kind, axis letters present in the coordinates and each used once, one count
// (>= 1) per letter.
HierarchicalScheme parse_scheme(std::string_view text, int dim);

// The descriptor text, e.g. "BEAM-Z[YX][4x4]".
std::string format_scheme(const HierarchicalScheme& scheme);

// Chapter 8's rules applied to the load measured on a grid of about cubic bins over the mesh
// (scheme_choice.cpp): the load density along each axis is the cells per one-cell-thick
// cross-section where the load lies; no cut along an axis whose density is more than twice
// the lowest (Section 8.3: "A much greater than B if A > 2B"); no slices along an axis where a
// slab of 1/K of the cells would be thinner than a cell in the densest cross-section. Among
// the schemes left (every kind, count and order of the axes), the one whose cut planes, placed
// on the grid as hierarchical_partition places them, meet the fewest cells. Needs coordinates.
HierarchicalScheme choose_scheme(const Graph& graph, PartId k);

} // namespace part
