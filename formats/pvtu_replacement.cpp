#include "formats/pvtu_replacement.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "formats/atomic_output.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

namespace fs = std::filesystem;

fs::path folder_of(const fs::path& path) {
    return path.parent_path().empty() ? fs::path(".") : path.parent_path();
}

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
}

// Whether `name` is <stem>_<digits>.vtu.
bool is_piece_of_stem(const std::string& name, const std::string& stem) {
    const std::string_view n(name);
    if (!n.starts_with(stem + "_") || !n.ends_with(".vtu")) return false;
    return all_digits(n.substr(stem.size() + 1, n.size() - stem.size() - 1 - 4));
}

// Whether `name` is a piece of the output in any generation: <stem>_<p>.vtu or
// <stem>-g<N>_<p>.vtu.
bool is_piece_of_output(const std::string& name, const std::string& stem) {
    if (is_piece_of_stem(name, stem)) return true;
    const std::string prefix = stem + "-g";
    if (!name.starts_with(prefix)) return false;
    const auto underscore = name.find('_', prefix.size());
    return underscore != std::string::npos &&
           all_digits(std::string_view(name).substr(prefix.size(), underscore - prefix.size())) &&
           is_piece_of_stem(name, name.substr(0, underscore));
}

// The file names, in the output's folder, that the .pvtu at `path` names (none when it does
// not exist or cannot be read).
std::vector<std::string> names_in_folder(const std::string& path) {
    std::vector<std::string> names;
    std::error_code ec;
    if (!fs::exists(path, ec)) return names;
    std::vector<PvtuPiece> pieces;
    try {
        pieces = list_pvtu_pieces(path);
    } catch (const InputError&) {
        return names; // not a dataset we wrote: nothing of it is removed
    }
    const fs::path folder = fs::weakly_canonical(folder_of(path), ec);
    for (const PvtuPiece& piece : pieces) {
        const fs::path file(piece.path);
        if (fs::weakly_canonical(folder_of(file), ec) == folder && !ec)
            names.push_back(file.filename().string());
    }
    return names;
}

} // namespace

std::string vtk_piece_stem(const std::string& path) {
    const std::string name = fs::path(path).filename().string();
    return name.substr(0, name.find('.'));
}

PvtuReplacement plan_pvtu_replacement(const std::string& path, const std::string& stem) {
    if (writes_directly(path))
        throw InputError(path, 0,
                         "a .pvtu dataset is several files (the .pvtu and one .vtu per piece): "
                         "name a file in a folder, not standard output, a device or a pipe");
    PvtuReplacement replacement{path, {}, {}};
    const std::vector<std::string> old_names = names_in_folder(path);
    for (int generation = 0;; ++generation) {
        replacement.piece_stem = generation == 0 ? stem : stem + "-g" + std::to_string(generation);
        if (std::none_of(old_names.begin(), old_names.end(), [&](const std::string& name) {
                return is_piece_of_stem(name, replacement.piece_stem);
            }))
            break;
    }
    for (const std::string& name : old_names)
        if (is_piece_of_output(name, stem))
            replacement.old_pieces.push_back((fs::path(path).parent_path() / name).string());
    return replacement;
}

std::string pvtu_piece_name(const std::string& piece_stem, PartId part) {
    return piece_stem + "_" + std::to_string(part) + ".vtu";
}

void remove_replaced_pieces(const PvtuReplacement& replacement,
                            const std::vector<std::string>& new_pieces) {
    std::vector<std::string> kept;
    for (const std::string& piece : new_pieces) kept.push_back(fs::path(piece).filename().string());
    for (const std::string& old : replacement.old_pieces) {
        if (std::find(kept.begin(), kept.end(), fs::path(old).filename().string()) != kept.end())
            continue;
        commit_step();
        std::error_code ignored;
        fs::remove(old, ignored);
    }
}

std::vector<std::string> pvtu_files_touched(const std::string& path, const std::string& stem,
                                            PartId num_parts) {
    const PvtuReplacement replacement = plan_pvtu_replacement(path, stem);
    std::vector<std::string> files = replacement.old_pieces;
    for (PartId p = 0; p < num_parts; ++p)
        files.push_back(
            (fs::path(path).parent_path() / pvtu_piece_name(replacement.piece_stem, p)).string());
    return files;
}

} // namespace part::formats
