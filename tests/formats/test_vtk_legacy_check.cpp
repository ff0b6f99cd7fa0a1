// The check of legacy VTK files before vtkUnstructuredGridReader reads them (issue 24, R1):
// the files VTK and gmsh write pass and read the same; each malformed file VTK crashed or hung
// on, made by editing one VTK wrote, is an InputError naming the file and the line.
#include <gtest/gtest.h>

#include <vtkNew.h>
#include <vtkUnstructuredGrid.h>
#include <vtkUnstructuredGridWriter.h>
#include <vtkXMLUnstructuredGridReader.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "formats/mesh_file.hpp"
#include "formats/vtk_legacy_check.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/formats/sample_vtu.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// The .vtu at `source` rewritten by VTK's legacy writer: BINARY or ASCII, in file version
// 4.2 (per-cell counts) or 5.1 (OFFSETS and CONNECTIVITY arrays).
std::string legacy_copy(const ScratchDir& dir, const std::string& source, bool binary,
                        int version) {
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    reader->SetFileName(source.c_str());
    reader->Update();
    vtkNew<vtkUnstructuredGridWriter> writer;
    const std::string path =
        dir.file(std::string(binary ? "binary" : "ascii") + std::to_string(version) + ".vtk");
    writer->SetInputData(reader->GetOutput());
    writer->SetFileName(path.c_str());
    writer->SetFileVersion(version);
    if (binary) writer->SetFileTypeToBinary();
    EXPECT_EQ(writer->Write(), 1) << path;
    return path;
}

// The header line starting with `header`, without its newline.
std::string header_of(const std::string& text, const std::string& header) {
    const auto at = text.find(header);
    return text.substr(at, text.find('\n', at) - at);
}

// Where the binary data of the section whose header starts with `header` begin.
std::size_t data_of(const std::string& text, const std::string& header) {
    return text.find('\n', text.find(header)) + 1;
}

// `text` with the big-endian int32 `value` written at `at`.
std::string with_int32(std::string text, std::size_t at, std::int32_t value) {
    for (int i = 0; i < 4; ++i)
        text[at + std::size_t(i)] = char(std::uint32_t(value) >> (24 - 8 * i));
    return text;
}

void expect_same_vtk_mesh(const Mesh& back, const Mesh& expected, const std::string& what) {
    EXPECT_EQ(back.num_cells(), expected.num_cells()) << what;
    EXPECT_EQ(back.cell_types, expected.cell_types) << what;
    // ASCII files hold coordinates to VTK's printed precision.
    ASSERT_EQ(back.points.size(), expected.points.size()) << what;
    for (std::size_t i = 0; i < back.points.size(); ++i)
        ASSERT_NEAR(back.points[i], expected.points[i], 1e-5 * (1 + std::abs(expected.points[i])))
            << what << " coordinate " << i;
    for (CellId c = 0; c < back.num_cells() && c < expected.num_cells(); c += 97)
        EXPECT_TRUE(std::ranges::equal(back.cell(c), expected.cell(c))) << what << " cell " << c;
}

} // namespace

TEST(VtkLegacyCheck, FilesVtkWritesAreAcceptedAndReadTheSame) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const Mesh expected = formats::read_mesh(sample);
    for (const bool binary : {false, true})
        for (const int version : {42, 51}) {
            const std::string path = legacy_copy(dir, sample, binary, version);
            const std::string text = read_text(path);
            EXPECT_NE(text.find(version == 51 ? "OFFSETS" : "CELLS"), std::string::npos);
            EXPECT_NO_THROW(formats::check_vtk_legacy_file(path)) << path;
            const Mesh back = formats::read_mesh(path);
            expect_same_vtk_mesh(back, expected, path);
            ASSERT_NE(back.find_cell_array("partition"), nullptr) << path;
            EXPECT_EQ(back.find_cell_array("partition")->value(4), 1) << path;
        }
}

TEST(VtkLegacyCheck, FilesGmshWritesAreAcceptedAndReadTheSame) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh is not installed";
    ScratchDir dir;
    const std::string geo = source_file("tests/data/mixed2d.geo");
    const std::string msh = dir.file("mixed2d.msh"), ascii = dir.file("ascii.vtk"),
                      binary = dir.file("binary.vtk");
    for (const auto& [out, format] :
         {std::pair{msh, "msh22"}, std::pair{ascii, "vtk"}, std::pair{binary, "vtk -bin"}})
        ASSERT_EQ(run_command("gmsh -2 " + geo + " -format " + format + " -o " + out).exit_code, 0);
    const Mesh expected = formats::read_mesh(msh);
    for (const std::string& path : {ascii, binary}) {
        EXPECT_NO_THROW(formats::check_vtk_legacy_file(path)) << path;
        Mesh back = formats::read_mesh(path);
        EXPECT_EQ(back.num_cells(), expected.num_cells()) << path;
        EXPECT_EQ(back.num_points(), expected.num_points()) << path;
    }
}

// Each of these crashed or hung VTK's reader or mesh_of_grid (mutation findings R1).
TEST(VtkLegacyCheck, MalformedFilesAreErrorsWithTheirLine) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const std::string ascii = read_text(legacy_copy(dir, sample, false, 42));
    const std::string binary = read_text(legacy_copy(dir, sample, true, 42));
    const std::string binary51 = read_text(legacy_copy(dir, sample, true, 51));
    const std::string ascii51 = read_text(legacy_copy(dir, sample, false, 51));
    const std::size_t cells = data_of(binary, "CELLS ");
    // The first cell's count; the second cell's count follows its ids.
    const std::size_t second = cells + 4 * (1 + std::size_t(binary[cells + 3]));
    const std::string cells_line = "CELLS ";
    const std::string first_cell = ascii.substr(data_of(ascii, "CELLS "), 200);
    const std::string repeated_cell_line =
        first_cell.substr(0, first_cell.find('\n') + 1); // case-10432: a line of CELLS twice
    struct Case {
        const char* name;
        std::string text;
        std::int64_t line;
        const char* needle;
    };
    const Case cases[] = {
        {"repeated_line.vtk",
         replaced(ascii, repeated_cell_line, repeated_cell_line + repeated_cell_line),
         line_of(ascii, "CELL_TYPES") - 1, "expected POINTS"},
        {"negative_count.vtk", with_int32(binary, second, -1), line_of(binary, cells_line),
         "-1 points"},
        {"huge_count.vtk", with_int32(binary, second, 2147483647), line_of(binary, cells_line),
         "2147483647 points"},
        {"huge_id.vtk", with_int32(binary, cells + 4, 2147483647), line_of(binary, cells_line),
         "refers to point 2147483647"},
        {"huge_size.vtk", replaced(binary, header_of(binary, "CELLS "), "CELLS 1000 1000000000"),
         line_of(binary, cells_line), "the file ends before"},
        {"huge_points.vtk", replaced(binary, "POINTS ", "POINTS 1000000000 double\nPOINTS "),
         line_of(binary, "POINTS "), "the file ends before"},
        {"offsets_backwards.vtk", with_int32(binary51, data_of(binary51, "OFFSETS") + 12, 1 << 30),
         line_of(binary51, "OFFSETS"), "offset 1 is"},
        {"connectivity_id.vtk",
         with_int32(binary51, data_of(binary51, "CONNECTIVITY") + 4, 1 << 30),
         line_of(binary51, "CONNECTIVITY"), "refers to point"},
        {"types_count.vtk", replaced(ascii51, "CELL_TYPES ", "CELL_TYPES 1"),
         line_of(ascii51, "CELL_TYPES"), "CELL_TYPES declares"},
        {"unknown_type.vtk",
         replaced(ascii51, header_of(ascii51, "CELL_TYPES") + "\n",
                  header_of(ascii51, "CELL_TYPES") + "\n99 "),
         line_of(ascii51, "CELL_TYPES") + 1, "VTK cell type 99"},
        {"polydata.vtk", replaced(ascii, "UNSTRUCTURED_GRID", "POLYDATA"), 4,
         "not a legacy VTK unstructured grid"},
        {"cell_data_count.vtk", replaced(ascii, "CELL_DATA ", "CELL_DATA 7"),
         line_of(ascii, "CELL_DATA"), "expected"},
        {"trailing.vtk", ascii + "garbage\n", line_of(ascii + "garbage", "garbage"), "garbage"},
    };
    for (const Case& c : cases) {
        const std::string path = dir.write(c.name, c.text);
        expect_mesh_error_at(path, c.line, c.needle);
    }
}

// VTK's reader ends a METADATA block at an empty line or at the end of the file, and files in
// use (deal.II's) end with one: the check takes both.
TEST(VtkLegacyCheck, MetadataBlockMayEndTheFile) {
    ScratchDir dir;
    const std::string head = "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                             "POINTS 3 double\n0 0 0 1 0 0 0 1 0\nCELLS 1 4\n3 0 1 2\n"
                             "CELL_TYPES 1\n5\nCELL_DATA 1\nFIELD FieldData 1\n"
                             "MaterialID 1 1 int\n7\nMETADATA\nINFORMATION 0\n";
    for (const std::string& tail : {std::string("\n"), std::string()}) {
        const Mesh mesh = formats::read_mesh(dir.write("meta.vtk", head + tail));
        EXPECT_EQ(mesh.num_cells(), 1);
        ASSERT_NE(mesh.find_cell_array("MaterialID"), nullptr);
        EXPECT_EQ(mesh.find_cell_array("MaterialID")->value(0), 7);
    }
}
