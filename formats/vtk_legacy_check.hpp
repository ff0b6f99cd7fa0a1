#pragma once
// Checks a legacy VTK file (.vtk) before VTK's vtkUnstructuredGridReader sees it. That reader
// trusts every count the file declares (POINTS, CELLS, CELL_TYPES, array sizes) and writes past
// its buffers or allocates without bound when one is wrong, so everything it acts on is checked
// here first, in one pass over the file: the header, the DATASET, the sections in the order the
// reader accepts them, every count against the data that follow it (ASCII numbers are parsed,
// big-endian binary data measured; cell connectivity and types are decoded), every point id
// against the number of points, and nothing but whitespace after the last section.
#include <string>

namespace part::formats {

// Throws InputError naming `path`, the line of the offending token (for binary data, the line
// of the section's header) and what was expected.
void check_vtk_legacy_file(const std::string& path);

} // namespace part::formats
