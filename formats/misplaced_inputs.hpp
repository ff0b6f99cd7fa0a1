#pragma once
// What a file handed to the wrong argument holds, so that the error can say how to fix the call
// (a mesh where a graph is expected, a graph and a partition given the other way round) instead
// of only what the first unexpected token was.
#include <string>
#include <string_view>

#include "libpart/core/error.hpp"

namespace part::formats {

// What kind of mesh `text` (a file's beginning) is, e.g. "a Gmsh .msh mesh", or "" when it does
// not look like one. Signatures count whatever the file's name ($MeshFormat or Gmsh 1.0's $NOD,
// <VTKFile, "# vtk DataFile", Medit's MeshVersionFormatted); a METIS mesh ("ne [ncon]", then
// lines of node ids) only in a file named .mesh, since such numbers could be anything.
std::string mesh_kind(const std::string& path, std::string_view text);

// Whether every data line among the first of `text` holds one integer, as a partition file.
bool looks_like_partition(std::string_view text);

// Whether the first data line of `text` is a Chaco/METIS graph header 'n m [fmt [ncon]]'.
bool looks_like_graph(std::string_view text);

// `error`, from reading the graph file whose text is `text`, with a message saying what to do
// when the file is a mesh ("this looks like a mesh: run part-convert first"); else `error`.
InputError graph_error_with_hint(const InputError& error, std::string_view text);

// `error`, from reading the graph `graph_path`, saying the arguments are swapped when the graph
// file looks like a partition and `partition_path` like a graph; else `error`.
InputError graph_error_if_swapped(const InputError& error, const std::string& graph_path,
                                  const std::string& partition_path);

} // namespace part::formats
