#include "libpart/order/small_eigen.hpp"

#include <algorithm>
#include <cmath>

namespace part {

SmallEigen symmetric_eigen(std::array<double, 9> a, int order) {
    std::array<double, 9> v{};
    for (int i = 0; i < 3; ++i) v[i * 3 + i] = 1;
    for (int sweep = 0; sweep < 50; ++sweep) {
        double off = 0;
        for (int p = 0; p < order; ++p)
            for (int q = p + 1; q < order; ++q) off += a[p * 3 + q] * a[p * 3 + q];
        if (off < 1e-300) break;
        for (int p = 0; p < order; ++p)
            for (int q = p + 1; q < order; ++q) {
                if (a[p * 3 + q] == 0) continue;
                const double theta = (a[q * 3 + q] - a[p * 3 + p]) / (2 * a[p * 3 + q]);
                const double t =
                    (theta >= 0 ? 1 : -1) / (std::abs(theta) + std::sqrt(theta * theta + 1));
                const double c = 1 / std::sqrt(t * t + 1), s = t * c;
                for (int k = 0; k < order; ++k) { // A <- A J
                    const double akp = a[k * 3 + p], akq = a[k * 3 + q];
                    a[k * 3 + p] = c * akp - s * akq;
                    a[k * 3 + q] = s * akp + c * akq;
                }
                for (int k = 0; k < order; ++k) { // A <- J^T A
                    const double apk = a[p * 3 + k], aqk = a[q * 3 + k];
                    a[p * 3 + k] = c * apk - s * aqk;
                    a[q * 3 + k] = s * apk + c * aqk;
                }
                for (int k = 0; k < order; ++k) { // V <- V J
                    const double vkp = v[k * 3 + p], vkq = v[k * 3 + q];
                    v[k * 3 + p] = c * vkp - s * vkq;
                    v[k * 3 + q] = s * vkp + c * vkq;
                }
            }
    }
    std::array<int, 3> index{0, 1, 2};
    std::stable_sort(index.begin(), index.begin() + order,
                     [&](int i, int j) { return a[i * 3 + i] < a[j * 3 + j]; });
    SmallEigen result;
    for (int j = 0; j < order; ++j) {
        result.values[j] = a[index[j] * 3 + index[j]];
        for (int i = 0; i < order; ++i) result.vectors[i * 3 + j] = v[i * 3 + index[j]];
    }
    return result;
}

} // namespace part
