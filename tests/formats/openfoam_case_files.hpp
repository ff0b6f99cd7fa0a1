#pragma once
// A small reader of the ASCII files of an OpenFOAM polyMesh, for tests that check what the
// suite reads (through VTK's reader) against the files themselves: constant/polyMesh/boundary,
// points, faces and owner as OpenFOAM's user guide (section 5.1.1, "Mesh description")
// defines them.
#include <array>
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/test_files.hpp"

namespace part::test {

// The words of an OpenFOAM file without its comments and FoamFile header; parentheses, braces
// and semicolons are words of their own.
inline std::vector<std::string> foam_words(const std::string& path) {
    const std::string text = read_text(path);
    std::string spaced;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "//") == 0) {
            i = text.find('\n', i);
            if (i == std::string::npos) break;
        } else if (text.compare(i, 2, "/*") == 0) {
            i = text.find("*/", i) + 1;
        } else if (std::string("(){};").find(text[i]) != std::string::npos) {
            spaced += std::string(" ") + text[i] + " ";
        } else {
            spaced += text[i];
        }
    }
    std::istringstream in(spaced);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    // Drop "FoamFile { ... }".
    if (!words.empty() && words[0] == "FoamFile") {
        std::size_t end = 0;
        while (end < words.size() && words[end] != "}") ++end;
        words.erase(words.begin(), words.begin() + std::ptrdiff_t(end + 1));
    }
    return words;
}

struct FoamPatch {
    std::string name;
    long num_faces = 0;
    long start_face = 0;
};

// The patches of constant/polyMesh/boundary, in order, with their nFaces and startFace.
inline std::vector<FoamPatch> foam_patches(const std::string& case_dir) {
    const auto words = foam_words(case_dir + "/constant/polyMesh/boundary");
    std::vector<FoamPatch> patches;
    // N ( name { key value ; ... } ... )
    for (std::size_t i = 2; i + 1 < words.size() && words[i] != ")"; ++i) {
        FoamPatch patch{words[i]};
        int depth = 0;
        for (i += 1; i < words.size(); ++i) {
            if (words[i] == "{") ++depth;
            if (words[i] == "}" && --depth == 0) break;
            if (words[i] == "nFaces") patch.num_faces = std::stol(words[i + 1]);
            if (words[i] == "startFace") patch.start_face = std::stol(words[i + 1]);
        }
        patches.push_back(patch);
    }
    return patches;
}

// The numbers of a list file (owner: one per face) after its count and "(".
inline std::vector<long> foam_labels(const std::string& path) {
    const auto words = foam_words(path);
    std::vector<long> labels;
    for (std::size_t i = 2; i < words.size() && words[i] != ")"; ++i)
        labels.push_back(std::stol(words[i]));
    return labels;
}

// points: "N ( (x y z) ... )".
inline std::vector<std::array<double, 3>> foam_points(const std::string& case_dir) {
    const auto words = foam_words(case_dir + "/constant/polyMesh/points");
    std::vector<std::array<double, 3>> points;
    for (std::size_t i = 2; i + 4 < words.size() && words[i] == "("; i += 5)
        points.push_back(
            {std::stod(words[i + 1]), std::stod(words[i + 2]), std::stod(words[i + 3])});
    return points;
}

// faces: "N ( k(p1 ... pk) ... )", each face its point ids.
inline std::vector<std::vector<long>> foam_faces(const std::string& case_dir) {
    const auto words = foam_words(case_dir + "/constant/polyMesh/faces");
    std::vector<std::vector<long>> faces;
    for (std::size_t i = 2; i + 1 < words.size() && words[i] != ")";) {
        const long count = std::stol(words[i]);
        std::vector<long> face;
        for (long k = 0; k < count; ++k) face.push_back(std::stol(words[i + 2 + std::size_t(k)]));
        faces.push_back(face);
        i += std::size_t(count) + 3; // count ( ids )
    }
    return faces;
}

} // namespace part::test
