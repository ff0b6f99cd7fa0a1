#include "formats/csv_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

std::string_view trim(std::string_view field) {
    const auto first = field.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = field.find_last_not_of(" \t");
    return field.substr(first, last - first + 1);
}

// Comma-separated fields of one line, trimmed.
std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(
            trim(line.substr(start, comma == std::string_view::npos ? comma : comma - start)));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return fields;
}

std::string short_number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

} // namespace

std::optional<int> CsvTable::find(std::string_view name) const {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) return std::nullopt;
    return int(it - names.begin());
}

std::vector<double> CsvTable::column(int index) const {
    std::vector<double> result(static_cast<std::size_t>(rows()));
    for (std::int64_t r = 0; r < rows(); ++r) result[std::size_t(r)] = at(r, index);
    return result;
}

void CsvTable::remove_column(int index) {
    const std::size_t width = names.size();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (i % width != std::size_t(index)) values[kept++] = values[i];
    values.resize(kept);
    names.erase(names.begin() + index);
}

CsvTable parse_csv_table(std::string_view text, const std::string& name,
                         const CsvOptions& options) {
    // Spreadsheets often save UTF-8 CSV with a byte order mark, which is not part of the
    // first column's name.
    constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
    if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
    LineReader lines(text, name);
    CsvTable table;
    table.file = name;
    std::string_view line;
    bool have_header = false;
    while (lines.next(line)) {
        if (is_blank(line) || trim(line).front() == '#') continue;
        const std::vector<std::string_view> fields = split_fields(line);
        if (!have_header) {
            have_header = true;
            if (options.header_optional && parse_whole<double>(fields.front())) {
                for (std::size_t c = 0; c < fields.size(); ++c)
                    table.names.push_back(std::to_string(c + 1));
            } else {
                for (std::string_view field : fields) {
                    if (field.empty())
                        lines.fail(
                            "empty column name in the header: expected names separated by commas");
                    if (table.find(field))
                        lines.fail("column name '" + std::string(field) +
                                   "' appears twice in the header");
                    table.names.emplace_back(field);
                }
                continue;
            }
        }
        if (fields.size() != table.names.size())
            lines.fail("row has " + std::to_string(fields.size()) +
                       " values but the header names " + std::to_string(table.names.size()) +
                       " columns");
        for (std::size_t c = 0; c < fields.size(); ++c) {
            const std::optional<double> value = parse_whole<double>(fields[c]);
            const std::string column = "column '" + table.names[c] + "': ";
            if (!value || !std::isfinite(*value))
                lines.fail(column + "expected a finite number (" + options.what + "), found '" +
                           std::string(fields[c]) + "'");
            if (options.non_negative && *value < 0)
                lines.fail(column + options.what + " " + std::string(fields[c]) +
                           " is negative: expected >= 0");
            table.values.push_back(*value);
        }
        table.row_line.push_back(lines.line_number());
    }
    if (!have_header)
        lines.fail("empty file: expected a header line of column names, then one row per step");
    if (table.rows() == 0) lines.fail("no data rows after the header: expected at least one row");
    return table;
}

CsvTable read_csv_table(const std::string& path, const CsvOptions& options) {
    return naming_file_when_memory_fails(path, [&] {
        MappedFile file(path);
        return parse_csv_table(file.text(), path, options);
    });
}

double finite_total(const CsvTable& table) {
    double total = 0;
    for (std::int64_t r = 0; r < table.rows(); ++r)
        for (int c = 0; c < table.columns(); ++c) {
            total += table.at(r, c);
            if (!std::isfinite(total))
                throw InputError(table.file, table.row_line[std::size_t(r)],
                                 "column '" + table.names[std::size_t(c)] + "': value " +
                                     short_number(table.at(r, c)) +
                                     " takes the sum of the values beyond the largest number (" +
                                     short_number(std::numeric_limits<double>::max()) +
                                     "), so totals would overflow to inf; scale the values down");
        }
    return total;
}

std::vector<double> per_step_values(const std::string& spec, CsvTable& table,
                                    const std::string& option) {
    if (const std::optional<double> constant = parse_whole<double>(spec)) {
        if (!std::isfinite(*constant) || *constant < 0)
            throw InvalidArgument(option + " " + spec + ": expected a finite number >= 0");
        return std::vector<double>(std::size_t(table.rows()), *constant);
    }
    if (const std::optional<int> column = table.find(spec)) {
        if (table.columns() == 1)
            throw InputError(table.file, table.row_line.front(),
                             "column '" + spec +
                                 "' is the only column: expected other columns beside it");
        std::vector<double> values = table.column(*column);
        for (std::int64_t r = 0; r < table.rows(); ++r)
            if (values[std::size_t(r)] < 0)
                throw InputError(table.file, table.row_line[std::size_t(r)],
                                 "column '" + spec + "': negative value, expected >= 0");
        table.remove_column(*column);
        return values;
    }
    if (!std::filesystem::exists(spec))
        throw InvalidArgument(option + " '" + spec + "': expected a number, a column of " +
                              table.file + " or a file of per-step values");
    CsvOptions options{.non_negative = true, .what = "per-step value", .header_optional = true};
    const CsvTable file = read_csv_table(spec, options);
    if (file.columns() != 1)
        throw InputError(spec, file.row_line.front(),
                         "expected one value per line, found " + std::to_string(file.columns()));
    if (file.rows() != table.rows())
        throw InputError(spec, file.row_line.back(),
                         "file has " + std::to_string(file.rows()) + " per-step values but " +
                             table.file + " has " + std::to_string(table.rows()) + " steps");
    finite_total(file);
    return file.column(0);
}

} // namespace part::formats
