#pragma once
// Typed exceptions for the whole suite. Each carries the context a user needs to fix the
// problem: the file and line for bad input, the vertex for a bad graph.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace part {

// Base of every error the suite throws on purpose.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Bad content in an input file. what() reads "<file>:<line>: <message>" (no line when 0).
class InputError : public Error {
  public:
    InputError(std::string file, std::int64_t line, const std::string& message);
    const std::string& file() const { return file_; }
    std::int64_t line() const { return line_; }
    const std::string& message() const { return message_; }

  private:
    std::string file_;
    std::int64_t line_;
    std::string message_;
};

// An argument that no algorithm can accept (K < 1, a target fraction <= 0, ...).
class InvalidArgument : public Error {
  public:
    using Error::Error;
};

} // namespace part
