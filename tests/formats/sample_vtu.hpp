#pragma once
// Shared by the .vtu and legacy .vtk reader tests: a valid .vtu of the sample mesh, and edits
// of a file's text that the tests turn into malformed inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/mesh_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh.hpp"
#include "tests/support/test_files.hpp"

namespace part::test {

// The sample mesh as part-convert writes it (appended raw data, zlib-compressed, FieldData
// with gmsh's group names), with a partition array.
inline std::string write_sample_vtu(const ScratchDir& dir) {
    const Mesh mesh = formats::read_mesh(source_file("data/naca0012.msh"));
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    std::vector<std::int32_t> part(cells.size());
    for (std::size_t c = 0; c < part.size(); ++c) part[c] = std::int32_t(c % 3);
    const std::string path = dir.file("sample.vtu");
    formats::write_vtu(path, mesh, cells, {MeshArray::from_values("partition", 1, part)});
    return path;
}

// `text` with the first `from` replaced by `to` (a test failure when there is none).
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "no '" << from << "' to replace";
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// The line (1-based) on which `needle` first appears in `text`.
inline std::int64_t line_of(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    return 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n');
}

} // namespace part::test
