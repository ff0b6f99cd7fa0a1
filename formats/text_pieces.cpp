#include "formats/text_pieces.hpp"

#include <omp.h>

#include <algorithm>
#include <vector>

namespace part::formats {

std::size_t pieces_for(std::string_view text) {
    const int threads = omp_get_max_threads();
    return text.size() >= (std::size_t(1) << 20) && threads > 1 ? 4 * std::size_t(threads) : 1;
}

bool parse_in_pieces(std::string_view text, std::size_t count,
                     const std::function<void(std::size_t, std::string_view)>& parse) {
    std::vector<std::string_view> pieces;
    for (std::size_t i = 1, begin = 0; i <= count && begin < text.size(); ++i) {
        std::size_t end = std::max(begin, text.size() / count * i);
        end = i == count ? std::string_view::npos : text.find('\n', end);
        end = end == std::string_view::npos ? text.size() : end + 1;
        pieces.push_back(text.substr(begin, end - begin));
        begin = end;
    }
    std::vector<char> failed(pieces.size(), 0);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        try {
            parse(i, pieces[i]);
        } catch (...) { // exceptions cannot leave a parallel region
            failed[i] = 1;
        }
    }
    return std::find(failed.begin(), failed.end(), 1) == failed.end();
}

} // namespace part::formats
