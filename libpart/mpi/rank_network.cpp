#include "libpart/mpi/rank_network.hpp"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <map>
#include <string>

#include "libpart/core/error.hpp"
#include "libpart/core/part_links.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

constexpr int kColours = 256; // the colours a processor can tell apart

// What a processor tells each neighbour in one colouring round.
struct ColouringNews {
    std::int32_t low = -1, high = -1; // first uncoloured link at the sender, or -1
    std::bitset<kColours> used;       // colours used at the sender
};

} // namespace

ProcessorLinks processor_links(const DistributedGraph& graph, std::span<const PartId> label,
                               const GhostLayer& ghosts, std::vector<PartId> processors) {
    const StageClock clock("links and colouring");
    std::vector<PartLink> cut;
    // Above every processor met: the hosted ones and the labels across the cut edges.
    PartId parts = processors.empty() ? 0 : processors.back() + 1;
    const Graph& g = graph.local;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const PartId other = ghosts.label_of_entry(label, e);
            if (other == label[v]) continue;
            cut.push_back({label[v], other, g.edge_weight(e)});
            parts = std::max({parts, label[v] + 1, other + 1});
        }
    std::vector<std::size_t> first;
    const std::vector<PartLink> grouped = group_by_first_part(cut, parts, first);
    PartLinkSums sums(parts);
    ProcessorLinks links;
    links.processors = std::move(processors);
    links.first.assign(links.processors.size() + 1, 0);
    for (std::size_t i = 0; i < links.processors.size(); ++i) {
        const PartId p = links.processors[i];
        sums.add_group(p, grouped.data() + first[p], grouped.data() + first[p + 1]);
        for (PartId q : sums.parts()) {
            links.neighbour.push_back(q);
            links.border.push_back(sums.sum(q));
            links.owner.push_back(i);
        }
        links.first[i + 1] = links.neighbour.size();
    }
    return links;
}

LinkExchange::LinkExchange(MPI_Comm comm, const ProcessorLinks& links)
    : comm_(comm), local_reverse_(links.size(), -1) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    std::map<int, std::vector<std::size_t>> by_peer; // links to other ranks, by rank
    for (std::size_t l = 0; l < links.size(); ++l) {
        const int peer = owner_of_part(links.neighbour[l], ranks);
        if (peer == rank) {
            // The reverse link: at the neighbour's processor, the entry for this one.
            const std::size_t i =
                std::size_t(std::lower_bound(links.processors.begin(), links.processors.end(),
                                             links.neighbour[l]) -
                            links.processors.begin());
            const auto row = links.neighbour.begin();
            local_reverse_[l] = std::lower_bound(row + std::ptrdiff_t(links.first[i]),
                                                 row + std::ptrdiff_t(links.first[i + 1]),
                                                 links.processors[links.owner[l]]) -
                                row;
            continue;
        }
        by_peer[peer].push_back(l);
    }
    for (auto& [peer, order] : by_peer) {
        peers_.push_back(peer);
        // Links are in (near, far) order already: that is the order the far rank sends in.
        receive_.push_back(order);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return links.neighbour[a] < links.neighbour[b];
        });
        send_.push_back(std::move(order));
    }
}

void LinkExchange::swap_bytes(const char* out, char* in, std::size_t size,
                              std::span<const char> active) {
    constexpr int kTag = 17;
    auto on = [&](std::size_t l) { return active.empty() || active[l]; };
    std::vector<std::vector<char>> outgoing(peers_.size()), incoming(peers_.size());
    std::vector<MPI_Request> requests;
    for (std::size_t i = 0; i < peers_.size(); ++i) {
        std::size_t count = 0;
        for (std::size_t l : receive_[i]) count += on(l);
        if (count == 0) continue; // the peer counts the same links
        incoming[i].resize(count * size);
        for (std::size_t l : send_[i])
            if (on(l)) outgoing[i].insert(outgoing[i].end(), out + l * size, out + (l + 1) * size);
        requests.emplace_back();
        MPI_Irecv(incoming[i].data(), int(incoming[i].size()), MPI_BYTE, peers_[i], kTag, comm_,
                  &requests.back());
        requests.emplace_back();
        MPI_Isend(outgoing[i].data(), int(outgoing[i].size()), MPI_BYTE, peers_[i], kTag, comm_,
                  &requests.back());
    }
    for (std::size_t l = 0; l < local_reverse_.size(); ++l)
        if (local_reverse_[l] >= 0 && on(l))
            std::memcpy(in + l * size, out + std::size_t(local_reverse_[l]) * size, size);
    MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    for (std::size_t i = 0; i < peers_.size(); ++i) {
        std::size_t at = 0;
        for (std::size_t l : receive_[i])
            if (on(l)) {
                std::memcpy(in + l * size, incoming[i].data() + at, size);
                at += size;
            }
    }
}

LinkColouring colour_links(MPI_Comm comm, const ProcessorLinks& links, LinkExchange& exchange) {
    const StageClock clock("links and colouring");
    const std::size_t count = links.processors.size();
    LinkColouring result;
    result.colour.assign(links.size(), -1);
    std::vector<ColouringNews> mine(count);
    std::vector<ColouringNews> out(links.size());
    bool out_of_colours = false;
    for (;;) {
        // Each processor's first uncoloured link in the order (longer border, then (min, max)
        // pair); both ends see the same order.
        int left = 0;
        for (std::size_t i = 0; i < count; ++i) {
            mine[i].low = mine[i].high = -1;
            std::size_t first = links.first[i + 1];
            for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l)
                if (result.colour[l] < 0 &&
                    (first == links.first[i + 1] || links.border[l] > links.border[first]))
                    first = l;
            if (first == links.first[i + 1]) continue;
            mine[i].low = std::min(links.processors[i], links.neighbour[first]);
            mine[i].high = std::max(links.processors[i], links.neighbour[first]);
            left = 1;
        }
        // 2: some processor ran out of colours last round. Every rank learns it in this
        // allreduce and throws the same error, so none waits in the next exchange.
        if (out_of_colours) left = 2;
        const int any_left = max_over_ranks(comm, left);
        if (any_left == 2)
            throw CollectiveError("too many colours for the processors' links: more than " +
                                  std::to_string(kColours) +
                                  " needed (a processor with over 128 neighbouring parts)");
        if (!any_left) break;
        for (std::size_t l = 0; l < links.size(); ++l) out[l] = mine[links.owner[l]];
        const std::vector<ColouringNews> theirs = exchange.swap<ColouringNews>(out);
        for (std::size_t l = 0; l < links.size(); ++l) {
            ColouringNews& news = mine[links.owner[l]];
            const PartId p = links.processors[links.owner[l]], q = links.neighbour[l];
            const int low = std::min(p, q), high = std::max(p, q);
            if (result.colour[l] >= 0 || news.low != low || news.high != high ||
                theirs[l].low != low || theirs[l].high != high)
                continue;
            int colour = 0;
            while (colour < kColours && (news.used[colour] || theirs[l].used[colour])) ++colour;
            if (colour == kColours) {
                out_of_colours = true;
                continue;
            }
            result.colour[l] = colour;
            news.used.set(std::size_t(colour));
        }
    }
    int most = 0;
    for (int c : result.colour) most = std::max(most, c + 1);
    result.num_colours = max_over_ranks(comm, most);
    return result;
}

} // namespace part::mpi
