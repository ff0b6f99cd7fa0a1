// libFuzzer target for VTK's XML meshes, read with read_mesh as the tools read them: any input
// must give a valid mesh or be rejected with InputError. An input is a .vtu, or a .pvtu
// followed by its pieces, each after a line "%%PIECE": the .pvtu is written as fuzz.pvtu and
// the pieces as fuzz_0.vtu to fuzz_3.vtu beside it (missing ones empty), the names
// VTK's parallel writer gives them. See tests/fuzz/README.md.
#include "formats/mesh_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

constexpr std::string_view kPieceMark = "\n%%PIECE\n";
constexpr int kPieces = 4;

// Writes the .pvtu and its pieces; returns the .pvtu's path.
std::string write_pvtu_and_pieces(std::string_view text) {
    std::size_t mark = text.find(kPieceMark);
    const std::string pvtu = part::fuzz::write_input(text.substr(0, mark), "fuzz.pvtu");
    for (int piece = 0; piece < kPieces; ++piece) {
        std::string_view bytes;
        if (mark != std::string_view::npos) {
            const std::size_t start = mark + kPieceMark.size();
            mark = text.find(kPieceMark, start);
            bytes = text.substr(start, mark == std::string_view::npos ? mark : mark - start);
        }
        part::fuzz::write_input(bytes, "fuzz_" + std::to_string(piece) + ".vtu");
    }
    return pvtu;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = part::fuzz::as_text(data, size);
    const std::string path = text.find(kPieceMark) == std::string_view::npos
                                 ? part::fuzz::write_input(text, "fuzz.vtu")
                                 : write_pvtu_and_pieces(text);
    part::fuzz::accepts([&] { part::formats::read_mesh(path); });
    return 0;
}
