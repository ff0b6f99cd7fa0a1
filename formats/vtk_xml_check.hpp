#pragma once
// Checks a VTK XML file before VTK's reader sees it. VTK trusts what a file declares (types,
// counts, component counts, offsets into the appended data) and crashes or hangs when it is
// wrong, so everything it acts on is checked here first, in one pass with expat: the element
// structure, the attributes, how many values each inline array holds, and each binary array's
// header (header_type words; compressed or not) against the data that follow it, inline or in
// the appended block. Numeric values are not decoded: headers are read, data measured; string
// arrays, which VTK's reader stores past their end when they hold more strings than declared,
// are decoded and counted.
#include <string>
#include <string_view>
#include <vector>

namespace part::formats {

// What the file must hold: a .vtu's UnstructuredGrid or a .pvtu's PUnstructuredGrid.
enum class VtkXmlKind { UnstructuredGrid, PUnstructuredGrid };

// Throws InputError naming `path` and the line of the offending element. Returns the Source
// attribute of each Piece, in order (a .pvtu's piece files; none in a .vtu).
std::vector<std::string> check_vtk_xml_file(const std::string& path, VtkXmlKind kind);

// The same for a file's text in memory; `name` stands for the file in errors.
void check_vtk_xml_text(std::string_view text, const std::string& name, VtkXmlKind kind);

} // namespace part::formats
