#include "formats/openfoam_decomposition.hpp"

#include <filesystem>

#include "formats/atomic_output.hpp"
#include "formats/text_output.hpp"

namespace part::formats {

bool is_cell_decomposition_path(const std::string& path) {
    return std::filesystem::path(path).filename() == kCellDecompositionName;
}

void write_cell_decomposition(const std::string& path, std::span<const std::int32_t> parts) {
    // A name that is not a file (standard output) gives the object OpenFOAM looks for.
    const std::string name = std::filesystem::path(path).filename().string();
    // OpenFOAM's words have no blanks, quotes, ';', braces or parentheses.
    const bool word = !name.empty() && name.find_first_of(" \t;\"{}()") == std::string::npos;
    std::string out = "FoamFile\n{\n"
                      "    version     2.0;\n"
                      "    format      ascii;\n"
                      "    class       labelList;\n"
                      "    object      " +
                      (writes_directly(path) || !word ? kCellDecompositionName : name) + ";\n}\n\n";
    append_number(out, parts.size());
    out += "\n(\n";
    out += one_per_line(parts);
    out += ")\n";
    write_file_atomically(path, out);
}

} // namespace part::formats
