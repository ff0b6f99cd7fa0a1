#pragma once
// Writing a .pvtu over an existing one all-or-nothing at the dataset level. The new pieces
// take names the old .pvtu does not use, so moving them beside the old dataset changes
// nothing it names; renaming the new .pvtu onto the old one is then the single commit point
// (one atomic rename: a reader sees the complete old dataset or the complete new one); only
// after it are the old pieces the new .pvtu does not name removed.
//
// Piece names: <stem>_<p>.vtu (as for a fresh write), or, when the .pvtu being replaced names
// pieces of that set, the first of <stem>-g1_<p>.vtu, <stem>-g2_<p>.vtu, ... it names none of.
// So a fresh write keeps the usual names and overwrites alternate between two sets; the names
// depend only on the inputs and the .pvtu on disk, so outputs stay deterministic. The stem is
// VTK's parallel writer's for the serial writer (vtk_piece_stem: the name up to its first dot,
// which is also why generations are marked "-g" and not by a dot) and the name without its
// extension for the distributed one.
#include <string>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::formats {

struct PvtuReplacement {
    std::string target;                  // the .pvtu
    std::string piece_stem;              // the new pieces are <piece_stem>_<p>.vtu beside it
    std::vector<std::string> old_pieces; // pieces of the replaced .pvtu to remove after commit
};

// The stem vtkXMLPUnstructuredGridWriter gives the pieces of `path`: its file name up to the
// first dot ("a.b.pvtu": a_<p>.vtu).
std::string vtk_piece_stem(const std::string& path);

// Reads the .pvtu at `path`, if any, and chooses the new pieces' stem from `stem`, the stem of a
// fresh write's pieces. Old pieces are the files the old .pvtu names that sit in the output's
// folder and are named as pieces of this output (<stem>_<p>.vtu or <stem>-g<N>_<p>.vtu);
// nothing else it names is ever removed. An old .pvtu that cannot be read counts as naming
// nothing. Throws InputError when `path` is written directly (standard output, a device, a
// FIFO: a dataset is several files) or is a folder.
PvtuReplacement plan_pvtu_replacement(const std::string& path, const std::string& stem);

// The file name (no folder) of part `part`'s piece: <piece_stem>_<part>.vtu.
std::string pvtu_piece_name(const std::string& piece_stem, PartId part);

// After the new .pvtu is in place: removes the old pieces that are not among `new_pieces`
// (paths beside the .pvtu), each removal a commit_step (atomic_output.hpp). A piece that
// cannot be removed stays, unnamed by any .pvtu.
void remove_replaced_pieces(const PvtuReplacement& replacement,
                            const std::vector<std::string>& new_pieces);

// The files writing a .pvtu of `num_parts` parts at `path` may create or remove (the pieces
// beside it and the old pieces), for refusing outputs that would touch an input.
std::vector<std::string> pvtu_files_touched(const std::string& path, const std::string& stem,
                                            PartId num_parts);

} // namespace part::formats
