#pragma once
// OpenFOAM's cell decomposition: the labelList that decomposePar's `manual` method reads
// (manualCoeffs { dataFile "cellDecomposition"; }, the file in the case's constant/ folder),
// as decomposePar -cellDist writes it. A FoamFile header (version 2.0, format ascii, class
// labelList, object: the file's name), then the number of cells, '(', one 0-based part per
// line in cell order, and ')'.
#include <cstdint>
#include <span>
#include <string>

namespace part::formats {

// The name OpenFOAM's manual method looks for by default.
inline constexpr const char* kCellDecompositionName = "cellDecomposition";

// True when `path`'s file name is cellDecomposition.
bool is_cell_decomposition_path(const std::string& path);

// Writes the list of `parts` (one per cell) atomically to `path`; the header's object is the
// file's name.
void write_cell_decomposition(const std::string& path, std::span<const std::int32_t> parts);

} // namespace part::formats
