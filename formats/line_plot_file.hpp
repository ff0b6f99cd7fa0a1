#pragma once
// Line plots as files: SVG only (svg_plot.hpp), a text format every browser shows.
#include <string>

namespace part::formats {

// Throws InvalidArgument, naming `path`, unless it names an SVG file (extension .svg, any
// case) or a target written directly (standard output, a device, a pipe: atomic_output.hpp),
// which gets SVG too. A .png name is told which name to use instead.
void check_plot_path(const std::string& path);

} // namespace part::formats
