#include "libpart/mpi/distributed_ghost_cells.hpp"

#include <algorithm>

#include "libpart/core/mix64.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

struct NodePiece {
    std::int64_t node;
    PartId piece;
    std::int32_t padding = 0;
    auto operator<=>(const NodePiece&) const = default;
};

int judge_of(std::int64_t node, int ranks) {
    return int(mix64(std::uint64_t(node)) % std::uint64_t(ranks));
}

// Collective. Every (node, piece) pair of `pairs` (sorted, distinct) is sent to the node's
// judge; returns, for every node this rank sent, all the pieces any rank has around it, as
// sorted (node, piece) pairs.
std::vector<NodePiece> pieces_around(MPI_Comm comm, const std::vector<NodePiece>& pairs) {
    const int ranks = size_of(comm);
    const Outbox<NodePiece> out = group_by_rank(
        std::span(pairs), ranks, [&](std::size_t i) { return judge_of(pairs[i].node, ranks); });
    std::vector<int> sources;
    std::vector<NodePiece> in = send_outbox(comm, out, &sources);
    // Sorted by node, then piece, then source (which rides in the padding).
    for (std::size_t i = 0; i < in.size(); ++i) in[i].padding = sources[i];
    std::sort(in.begin(), in.end());
    // Each source gets, for each node it sent, every piece around the node (once per node).
    std::vector<NodePiece> replies; // padding: the source to answer
    std::vector<int> askers;
    for (std::size_t i = 0, j = 0; i < in.size(); i = j) {
        askers.clear();
        for (j = i; j < in.size() && in[j].node == in[i].node; ++j) askers.push_back(in[j].padding);
        std::sort(askers.begin(), askers.end());
        askers.erase(std::unique(askers.begin(), askers.end()), askers.end());
        for (int source : askers)
            for (std::size_t k = i; k < j; ++k)
                if (k == i || in[k].piece != in[k - 1].piece)
                    replies.push_back({in[k].node, in[k].piece, source});
    }
    std::vector<NodePiece> answers = send_outbox(
        comm, group_by_rank(replies, ranks, [&](std::size_t r) { return replies[r].padding; }));
    for (NodePiece& a : answers) a.padding = 0;
    std::sort(answers.begin(), answers.end());
    return answers;
}

} // namespace

GhostPieces ghost_pieces(MPI_Comm comm, const Mesh& mesh, std::span<const std::int64_t> node_ids,
                         std::span<const PartId> part, int layers) {
    const std::size_t n = std::size_t(mesh.num_cells());
    // Every piece each cell belongs to (its own first, then ghosts), as CSR.
    std::vector<std::int64_t> offsets(n + 1);
    std::vector<PartId> member(part.begin(), part.end());
    for (std::size_t c = 0; c <= n; ++c) offsets[c] = std::int64_t(c);
    std::vector<PartId> around;
    for (int layer = 0; layer < layers; ++layer) {
        std::vector<NodePiece> pairs;
        for (std::size_t c = 0; c < n; ++c)
            for (PointId p : mesh.cell(CellId(c)))
                for (std::int64_t k = offsets[c]; k < offsets[c + 1]; ++k)
                    pairs.push_back({node_ids[std::size_t(p)], member[std::size_t(k)]});
        std::sort(pairs.begin(), pairs.end());
        pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
        const std::vector<NodePiece> answers = pieces_around(comm, pairs);
        std::vector<std::int64_t> next_offsets(n + 1, 0);
        std::vector<PartId> next_member;
        for (std::size_t c = 0; c < n; ++c) {
            around.clear();
            for (PointId p : mesh.cell(CellId(c))) {
                auto at = std::lower_bound(answers.begin(), answers.end(),
                                           NodePiece{node_ids[std::size_t(p)], 0});
                for (; at != answers.end() && at->node == node_ids[std::size_t(p)]; ++at)
                    if (at->piece != part[c]) around.push_back(at->piece);
            }
            std::sort(around.begin(), around.end());
            around.erase(std::unique(around.begin(), around.end()), around.end());
            next_member.push_back(part[c]);
            next_member.insert(next_member.end(), around.begin(), around.end());
            next_offsets[c + 1] = std::int64_t(next_member.size());
        }
        offsets = std::move(next_offsets);
        member = std::move(next_member);
    }
    GhostPieces ghosts;
    ghosts.offsets.assign(n + 1, 0);
    for (std::size_t c = 0; c < n; ++c) {
        ghosts.pieces.insert(ghosts.pieces.end(), member.begin() + offsets[c] + 1,
                             member.begin() + offsets[c + 1]);
        ghosts.offsets[c + 1] = std::int64_t(ghosts.pieces.size());
    }
    return ghosts;
}

} // namespace part::mpi
