#pragma once
// An SQLite VFS over the default one whose files refuse every write while switched to read-only,
// as a disk remounted read-only does under a running server (write(2) fails with EROFS, which
// SQLite reports as SQLITE_IOERR_WRITE). A remount itself cannot be used in tests: the kernel
// refuses to remount a file system read-only while a file is open on it for writing.

#include <sqlite3.h>

#include <atomic>

namespace belote::testing {

/// Registers itself as SQLite's default VFS for its lifetime (connections opened meanwhile use
/// it), and unregisters on destruction. One at a time.
class ReadOnlyVfs {
public:
    ReadOnlyVfs();
    ~ReadOnlyVfs();
    ReadOnlyVfs(const ReadOnlyVfs&) = delete;
    ReadOnlyVfs& operator=(const ReadOnlyVfs&) = delete;

    /// While true, every xWrite, xTruncate and xSync of a file opened through this VFS fails.
    void set_read_only(bool read_only) { read_only_ = read_only; }

private:
    static std::atomic<bool> read_only_;
    friend struct ReadOnlyFile;
    sqlite3_vfs vfs_{};
};

}  // namespace belote::testing
