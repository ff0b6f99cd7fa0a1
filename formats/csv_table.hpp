#pragma once
// Numeric CSV tables: a header of column names, then one row of numbers per line (steps of a
// trace, work units). Used for the schedule tools' cost, work and load traces.
//
//   # comment lines and blank lines are skipped
//   A,B
//   1,3
//   1,3
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace part::formats {

struct CsvTable {
    std::string file;                   // where it was read from, for error messages
    std::vector<std::string> names;     // column names from the header
    std::vector<double> values;         // row-major
    std::vector<std::int64_t> row_line; // line number of each row in the file

    std::int64_t rows() const { return std::int64_t(row_line.size()); }
    int columns() const { return int(names.size()); }
    double at(std::int64_t row, int column) const {
        return values[std::size_t(row) * names.size() + std::size_t(column)];
    }
    // Index of the column named `name`, if any.
    std::optional<int> find(std::string_view name) const;
    std::vector<double> column(int index) const;
    // Removes a column (e.g. a remap-cost column beside configuration costs).
    void remove_column(int index);
};

struct CsvOptions {
    // Reject negative values, naming them as `what` ("load", "cost").
    bool non_negative = false;
    const char* what = "value";
    // Accept a file without a header when its first line is numeric (columns named 1, 2, ...).
    bool header_optional = false;
};

// Throws InputError naming the file and line: no header, an empty or duplicate name, a row
// whose length differs from the header's, a field that is not a finite number, a negative
// value when non_negative, no data rows at all.
CsvTable parse_csv_table(std::string_view text, const std::string& name,
                         const CsvOptions& options = {});
CsvTable read_csv_table(const std::string& path, const CsvOptions& options = {});

// The sum of every value of the table, row after row. Throws InputError naming the file,
// the line and the column of the value that takes it beyond the largest double, where the
// totals the schedule tools print would become inf.
double finite_total(const CsvTable& table);

// Per-step values given on the command line as a constant ("2.5"), the name of a column of
// `table` (removed from it), or a file with one number per line (a header is optional).
// Throws InputError naming the file when its length differs from `steps` or its values add
// up beyond the largest double, and
// InvalidArgument when `spec` is none of the three. Values must be >= 0.
std::vector<double> per_step_values(const std::string& spec, CsvTable& table,
                                    const std::string& option);

} // namespace part::formats
