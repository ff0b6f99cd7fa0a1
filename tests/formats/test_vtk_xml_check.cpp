// The check of VTK XML files before VTK reads them (issue 24): every layout VTK writes passes
// and reads back the same; each malformed file VTK crashed or hung on, made by editing a .vtu
// the suite wrote, is an InputError naming the file and the offending element's line.
#include <gtest/gtest.h>

#include <vtkNew.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridWriter.h>

#include <algorithm>
#include <fstream>

#include "formats/mesh_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "formats/vtk_xml_check.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/formats/sample_vtu.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;
using formats::VtkXmlKind;

namespace {

// The whole line holding `needle`, with its newline.
std::string line_with(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    const auto begin = text.rfind('\n', at) + 1;
    return text.substr(begin, text.find('\n', at) + 1 - begin);
}

// The value of the `offset` attribute of the array named `name`.
std::string offset_of(const std::string& text, const std::string& name) {
    const auto at = text.find("offset=\"", text.find("Name=\"" + name + "\"")) + 8;
    return text.substr(at, text.find('"', at) - at);
}

struct Layout {
    const char* name;
    int mode; // vtkXMLWriter::Ascii, Binary or Appended
    bool encode_appended;
    int compressor; // vtkXMLWriter::NONE, ZLIB, LZ4
    int header;     // vtkXMLWriter::UInt32 or UInt64
    int byte_order; // vtkXMLWriter::LittleEndian or BigEndian
};

// Rewrites the .vtu at `source` with VTK's writer in `layout`.
std::string rewrite(const ScratchDir& dir, const std::string& source, const Layout& layout) {
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    reader->SetFileName(source.c_str());
    reader->Update();
    vtkNew<vtkXMLUnstructuredGridWriter> writer;
    const std::string path = dir.file(std::string(layout.name) + ".vtu");
    writer->SetInputData(reader->GetOutput());
    writer->SetFileName(path.c_str());
    writer->SetDataMode(layout.mode);
    writer->SetEncodeAppendedData(layout.encode_appended);
    writer->SetCompressorType(layout.compressor);
    writer->SetHeaderType(layout.header);
    writer->SetByteOrder(layout.byte_order);
    EXPECT_EQ(writer->Write(), 1) << layout.name;
    return path;
}

} // namespace

TEST(VtkXmlCheck, EveryLayoutVtkWritesIsAcceptedAndReadsBackTheSame) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const Mesh expected = formats::read_mesh(sample);
    constexpr int LE = vtkXMLWriter::LittleEndian, BE = vtkXMLWriter::BigEndian;
    constexpr int U32 = vtkXMLWriter::UInt32, U64 = vtkXMLWriter::UInt64;
    constexpr int NONE = vtkXMLWriter::NONE, ZLIB = vtkXMLWriter::ZLIB, LZ4 = vtkXMLWriter::LZ4;
    const Layout layouts[] = {
        {"ascii", vtkXMLWriter::Ascii, false, NONE, U32, LE},
        {"binary", vtkXMLWriter::Binary, false, NONE, U32, LE},
        {"binary64", vtkXMLWriter::Binary, false, NONE, U64, LE},
        {"binary_zlib", vtkXMLWriter::Binary, false, ZLIB, U32, LE},
        {"binary_zlib64_be", vtkXMLWriter::Binary, false, ZLIB, U64, BE},
        {"binary_lz4", vtkXMLWriter::Binary, false, LZ4, U32, LE},
        {"raw", vtkXMLWriter::Appended, false, NONE, U32, LE},
        {"raw64_be", vtkXMLWriter::Appended, false, NONE, U64, BE},
        {"raw_zlib", vtkXMLWriter::Appended, false, ZLIB, U32, LE},
        {"raw_zlib64", vtkXMLWriter::Appended, false, ZLIB, U64, LE},
        {"raw_lz4_be", vtkXMLWriter::Appended, false, LZ4, U32, BE},
        {"base64", vtkXMLWriter::Appended, true, NONE, U32, LE},
        {"base64_64", vtkXMLWriter::Appended, true, NONE, U64, LE},
        {"base64_zlib", vtkXMLWriter::Appended, true, ZLIB, U32, LE},
        {"base64_zlib64_be", vtkXMLWriter::Appended, true, ZLIB, U64, BE},
    };
    for (const Layout& layout : layouts) {
        const std::string path = rewrite(dir, sample, layout);
        EXPECT_NO_THROW(formats::check_vtk_xml_file(path, VtkXmlKind::UnstructuredGrid))
            << layout.name;
        const Mesh back = formats::read_mesh(path);
        EXPECT_EQ(back.num_cells(), expected.num_cells()) << layout.name;
        EXPECT_EQ(back.points, expected.points) << layout.name;
        ASSERT_NE(back.find_cell_array("partition"), nullptr) << layout.name;
        EXPECT_EQ(back.find_cell_array("partition")->value(4), 1) << layout.name;
        EXPECT_EQ(back.physical_groups.size(), expected.physical_groups.size()) << layout.name;
    }
}

TEST(VtkXmlCheck, SuitesOwnFilesAreAccepted) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    EXPECT_NO_THROW(formats::check_vtk_xml_file(sample, VtkXmlKind::UnstructuredGrid));
    // A .pvtu as VTK's parallel writer makes it (inline compressed field data with
    // InformationKey elements) and its pieces.
    const Mesh mesh = formats::read_mesh(sample);
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const std::vector<PartId> part(cells.size(), 0);
    formats::write_pvtu(dir.file("split.pvtu"), mesh, cells, split_mesh(mesh, cells, part, 1, 0),
                        {}, 0);
    EXPECT_NO_THROW(
        formats::check_vtk_xml_file(dir.file("split.pvtu"), VtkXmlKind::PUnstructuredGrid));
    EXPECT_EQ(formats::read_mesh(dir.file("split.pvtu")).num_cells(), mesh.num_cells());
    // The in-memory pieces ranks send each other, empty ones included.
    EXPECT_NO_THROW(formats::check_vtk_xml_text(formats::vtu_text(mesh), "piece",
                                                VtkXmlKind::UnstructuredGrid));
    Mesh empty;
    empty.dim = 3;
    EXPECT_NO_THROW(formats::check_vtk_xml_text(formats::vtu_text(empty), "empty",
                                                VtkXmlKind::UnstructuredGrid));
}

// The files of issue 24: VTK crashed on the first four and hung on the last.
TEST(VtkXmlCheck, ReportedCrashesAreInputErrorsNamingTheLine) {
    ScratchDir dir;
    const std::string text = read_text(write_sample_vtu(dir));
    const auto edit = [&](const std::string& name, const std::string& from, const std::string& to) {
        return dir.write(name, replaced(text, from, to));
    };

    const std::string groups = "type=\"Int32\" Name=\"gmsh:physical_groups\"";
    expect_mesh_error_at(edit("int31.vtu", groups, "type=\"Int31\" Name=\"gmsh:physical_groups\""),
                         line_of(text, groups), "type=\"Int31\": expected Int8, Int16");

    const std::string piece = "<Piece NumberOfPoints";
    const std::string cells = "NumberOfCells=\"19886\"";
    expect_mesh_error_at(edit("negative.vtu", cells, "NumberOfCells=\"-1\""), line_of(text, piece),
                         "NumberOfCells=\"-1\": expected an integer from 0 to 2147483646");

    const std::string tags = line_with(text, "Name=\"gmsh:physical\"");
    expect_mesh_error_at(
        edit("twice.vtu", tags, tags + tags), line_of(text, tags) + 1,
        "a second array named 'gmsh:physical' in <CellData> (the first is on line " +
            std::to_string(line_of(text, tags)) + ")");

    for (const std::string array : {"partition", "Points", "connectivity", "types"}) {
        const std::string declared = line_with(text, "Name=\"" + array + "\"");
        const std::string offset = offset_of(text, array);
        const std::string shifted =
            replaced(declared, "offset=\"" + offset + "\"",
                     "offset=\"" + std::to_string(std::stoll(offset) + 1) + "\"");
        expect_mesh_error_at(edit("shifted_" + array + ".vtu", declared, shifted),
                             line_of(text, declared), "array '" + array + "': its ");
    }

    const std::string partition = "Name=\"partition\"";
    expect_mesh_error_at(
        edit("components.vtu", partition, "Name=\"partition\" NumberOfComponents=\"2147483648\""),
        line_of(text, partition),
        "NumberOfComponents=\"2147483648\": expected an integer from 1 to 4096");
}

// VTK stored the strings past the end of an array sized by fewer declared tuples (a crash),
// so string arrays are decompressed and counted.
TEST(VtkXmlCheck, StringArraysMustHoldTheirDeclaredTuples) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const Layout ascii_layout{"ascii",
                              vtkXMLWriter::Ascii,
                              false,
                              vtkXMLWriter::NONE,
                              vtkXMLWriter::UInt32,
                              vtkXMLWriter::LittleEndian};
    for (const std::string& path : {sample, rewrite(dir, sample, ascii_layout)}) {
        const std::string text = read_text(path);
        const std::string names = "Name=\"gmsh:physical_names\" NumberOfTuples=\"3\"";
        expect_mesh_error_at(dir.write("fewer.vtu", replaced(text, names,
                                                             "Name=\"gmsh:physical_names\" "
                                                             "NumberOfTuples=\"2\"")),
                             line_of(text, names),
                             "string array 'gmsh:physical_names' holds 3 strings: expected 2");
    }
}

TEST(VtkXmlCheck, AppendedDataMustHoldWhatTheHeadersDeclare) {
    ScratchDir dir;
    const std::string text = read_text(write_sample_vtu(dir));
    const std::string types = "Name=\"types\"";
    const std::string offset = offset_of(text, "types");

    const std::size_t data = text.find('_', text.find("<AppendedData")) + 1;
    const std::size_t size = text.rfind("</AppendedData>") - data;
    expect_mesh_error_at(
        dir.write("beyond.vtu", replaced(text, "offset=\"" + offset + "\"",
                                         "offset=\"" + std::to_string(size) + "\"")),
        line_of(text, types), "expected an offset within the appended data");
    // Cut inside the last array's compressed blocks.
    expect_mesh_error_at(dir.write("cut.vtu", text.substr(0, data + std::stoull(offset) + 20)),
                         line_of(text, types),
                         "its header declares more data than the appended data");
    const std::string marker = text.substr(text.find('_', text.find("<AppendedData")) - 3, 4);
    expect_mesh_error_at(
        dir.write("unmarked.vtu", replaced(text, marker, marker.substr(0, 3) + "x")),
        line_of(text, "<AppendedData"), "does not start with '_'");
    // VTK skips only spaces, tabs and line breaks before the '_': after any other byte it
    // reads the data from there (a fuzzer's vertical tab and NULs made it allocate a block
    // count it read from the wrong place).
    expect_mesh_error_at(
        dir.write("control.vtu", replaced(text, marker, std::string("\v\0\0_", 4))),
        line_of(text, "<AppendedData"), "does not start with '_'");
}

TEST(VtkXmlCheck, InlineArraysMustHoldTheirCounts) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const auto layout = [](const char* name, int mode) {
        return Layout{name,
                      mode,
                      false,
                      vtkXMLWriter::NONE,
                      vtkXMLWriter::UInt32,
                      vtkXMLWriter::LittleEndian};
    };
    const std::string ascii = read_text(rewrite(dir, sample, layout("a", vtkXMLWriter::Ascii)));
    // The types array with its first value left out.
    const std::string types = "Name=\"types\"";
    const std::size_t values = ascii.find('>', ascii.find(types)) + 1;
    std::string short_types = ascii;
    short_types.erase(ascii.find_first_not_of(" \n", values), 2);
    expect_mesh_error_at(dir.write("short.vtu", short_types), line_of(ascii, types),
                         "array 'types' holds 19885 values: expected 19886 tuples");
    // Past the values, which the parse skips, lines are still counted right.
    expect_mesh_error_at(dir.write("mismatched.vtu", replaced(ascii, "</Cells>", "</Cell>")),
                         line_of(ascii, "</Cells>"), "not well-formed XML: mismatched tag");

    const std::string binary = read_text(rewrite(dir, sample, layout("b", vtkXMLWriter::Binary)));
    const std::string points = "Name=\"Points\"";
    const std::size_t end = binary.find('<', binary.find('>', binary.find(points)));
    std::string cut_points = binary;
    cut_points.erase(end - 20, 12); // base64 text ends before the data its header declares
    expect_mesh_error_at(dir.write("cut.vtu", cut_points), line_of(binary, points),
                         "its header declares more data than its inline base64 text holds");
}

TEST(VtkXmlCheck, StructureAndRequiredArrays) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const std::string text = read_text(sample);
    const std::string connectivity = line_with(text, "Name=\"connectivity\"");
    expect_mesh_error_at(dir.write("no_connectivity.vtu", replaced(text, connectivity, "")),
                         line_of(text, "<Cells>"), "<Cells> has no 'connectivity' array");
    const std::string points = line_with(text, "Name=\"Points\"");
    expect_mesh_error_at(
        dir.write(
            "two_points.vtu",
            replaced(text, points, points + replaced(points, "Name=\"Points\"", "Name=\"P\""))),
        line_of(text, "Name=\"Points\"") + 1, "a second array in <Points>");
    expect_mesh_error_at(dir.write("stray.vtu", replaced(text, "<Cells>", "<Cells>\n<Cell/>")),
                         line_of(text, "<Cells>") + 1,
                         "unexpected element <Cell> inside <Cells>: expected <DataArray>");
    expect_mesh_error_at(dir.write("not_xml.vtu", replaced(text, "</PointData>", "</CellData>")),
                         line_of(text, "</PointData>"), "not well-formed XML: mismatched tag");
    const std::string parallel = dir.write(
        "grid.vtu", "<VTKFile type=\"PUnstructuredGrid\"><PUnstructuredGrid/></VTKFile>\n");
    expect_mesh_error_at(parallel, 1,
                         "VTKFile type=\"PUnstructuredGrid\": expected \"UnstructuredGrid\"");
}

TEST(VtkXmlCheck, PvtuDeclarationsAreChecked) {
    ScratchDir dir;
    const std::string sample = write_sample_vtu(dir);
    const Mesh mesh = formats::read_mesh(sample);
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const std::vector<PartId> part(cells.size(), 0);
    formats::write_pvtu(dir.file("split.pvtu"), mesh, cells, split_mesh(mesh, cells, part, 1, 0),
                        {}, 0);
    const std::string text = read_text(dir.file("split.pvtu"));
    const std::string partition = "type=\"Int32\" Name=\"partition\"";
    const std::string bad_type =
        dir.write("bad_type.pvtu", replaced(text, partition, "type=\"Int31\" Name=\"partition\""));
    expect_mesh_error_at(bad_type, line_of(text, partition), "type=\"Int31\"");
    const std::string points = "Name=\"Points\" NumberOfComponents=\"3\"";
    expect_mesh_error_at(
        dir.write("flat.pvtu", replaced(text, points, "Name=\"Points\" NumberOfComponents=\"2\"")),
        line_of(text, points), "the points array has 2 components");
    // The pieces are checked when read: a bad piece is named.
    const std::string piece = read_text(dir.file("split_0.vtu"));
    std::ofstream(dir.file("split_0.vtu"), std::ios::binary)
        << replaced(piece, "NumberOfCells=\"", "NumberOfCells=\"-");
    try {
        formats::read_mesh(dir.file("split.pvtu"));
        ADD_FAILURE() << "accepted a piece with a negative cell count";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), dir.file("split_0.vtu")) << e.what();
        EXPECT_EQ(e.line(), line_of(piece, "<Piece ")) << e.what();
    }
}

// mfem writes two <CellData> in a piece; VTK's reader takes the last, and so the suite reads it.
TEST(VtkXmlCheck, RepeatedCellDataIsReadAsVtkReadsIt) {
    ScratchDir dir;
    const std::string vtu =
        "<VTKFile type=\"UnstructuredGrid\" version=\"0.1\">\n<UnstructuredGrid>\n"
        "<Piece NumberOfPoints=\"3\" NumberOfCells=\"1\">\n<Points>\n"
        "<DataArray type=\"Float64\" NumberOfComponents=\"3\" format=\"ascii\">"
        "0 0 0 1 0 0 0 1 0</DataArray>\n</Points>\n<Cells>\n"
        "<DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">0 1 2</DataArray>\n"
        "<DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">3</DataArray>\n"
        "<DataArray type=\"UInt8\" Name=\"types\" format=\"ascii\">5</DataArray>\n</Cells>\n"
        "<CellData>\n<DataArray type=\"UInt8\" Name=\"attribute\" format=\"ascii\">10"
        "</DataArray>\n</CellData>\n<CellData>\n<DataArray type=\"UInt8\" Name=\"material\" "
        "format=\"ascii\">1</DataArray>\n</CellData>\n</Piece>\n</UnstructuredGrid>\n"
        "</VTKFile>\n";
    const Mesh mesh = formats::read_mesh(dir.write("two.vtu", vtu));
    EXPECT_EQ(mesh.num_cells(), 1);
    EXPECT_NE(mesh.find_cell_array("material"), nullptr);
    // A repeated CellData is still checked: a wrong tuple count in either is an error.
    std::string bad = vtu;
    bad.replace(bad.find(">10<"), 4, ">10 11<");
    expect_mesh_error(dir.write("bad.vtu", bad), "attribute");
}
