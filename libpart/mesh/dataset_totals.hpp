#pragma once
// What a partitioned dataset holds, independent of how it is cut into pieces: the owned cells
// and the distinct points (by global id), and per field a sum and an order-independent
// fingerprint of (global id, values). Two datasets with equal totals hold the same cells and
// points with the same field values, whatever piece each one sits in; applying a migration
// plan must keep them equal.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part {

struct FieldTotal {
    std::string name;
    bool on_points = false;
    int components = 1;
    std::vector<double> sums;       // per component, over owned cells or distinct points
    std::vector<double> magnitudes; // per component, sums of absolute values (rounding scale)
    std::uint64_t fingerprint = 0;  // sum over tuples of hash(global id, values)
    friend bool operator==(const FieldTotal&, const FieldTotal&) = default;
};

struct DatasetTotals {
    std::int64_t cells = 0;                    // owned cells (vtkGhostType 0 or absent)
    std::int64_t points = 0;                   // distinct GlobalNodeIds
    std::uint64_t cell_ids = 0, point_ids = 0; // fingerprints of the sets of global ids
    std::vector<FieldTotal> fields;            // cell fields, then point fields, by name
};

// Totals over pieces carrying "GlobalCellIds" and "GlobalNodeIds" (as part-convert --split
// writes them). A point shared by pieces counts once, with its first copy's values. The id
// arrays and vtkGhostType are not fields. Throws MeshError when the id arrays are missing.
// O(total size + largest global node id). Points whose global id is marked in
// `counted_elsewhere` (indexed by global id) are left out: under MPI each point is counted by
// one rank only.
DatasetTotals dataset_totals(std::span<const Mesh> pieces,
                             std::vector<char> counted_elsewhere = {});

// "" when the totals agree (fingerprints and counts exactly; sums to rounding), else what
// differs first, e.g. "cell field 'pressure' component 0 sums to 1.5 instead of 2".
std::string first_difference(const DatasetTotals& before, const DatasetTotals& after);

} // namespace part
