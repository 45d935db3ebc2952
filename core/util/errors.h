#pragma once

#include <QString>

#include <stdexcept>

namespace pw {

// Environment failures (I/O, corrupt or newer files, database errors) throw one of these.
// Domain outcomes (a refused command, a finding) are return values, never exceptions.
class Error : public std::runtime_error {
public:
    explicit Error(const QString& message) : std::runtime_error(message.toStdString()), mMessage(message) {}
    [[nodiscard]] const QString& message() const { return mMessage; }

private:
    QString mMessage;
};

class IoError : public Error {
    using Error::Error;
};
class FormatError : public Error {
    using Error::Error;
};
class NewerFormatError : public FormatError {
    using FormatError::FormatError;
};
class DatabaseError : public Error {
    using Error::Error;
};

} // namespace pw
