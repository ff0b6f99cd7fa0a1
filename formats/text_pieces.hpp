#pragma once
// Large texts parsed in pieces of whole lines, one per OpenMP thread. A reader joins the
// pieces' results in order, and parses the text again serially when a piece fails, so that
// results and messages are those of the serial parse whatever the thread count.
#include <cstddef>
#include <functional>
#include <string_view>

namespace part::formats {

// How many pieces to parse `text` in: four per OpenMP thread for a megabyte or more (taken as
// threads come free, so that a thread the system holds back delays little), else one
// (starting threads would cost more than they save).
std::size_t pieces_for(std::string_view text);

// Cuts `text` into at most `count` pieces of about equal size, each of whole lines, and calls
// parse(i, piece) for the i-th on one of the OpenMP threads. False when a call threw.
bool parse_in_pieces(std::string_view text, std::size_t count,
                     const std::function<void(std::size_t, std::string_view)>& parse);

} // namespace part::formats
