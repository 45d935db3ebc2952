#pragma once

namespace pw::test {

// A loopback TCP port nothing listens on now (the kernel's choice for port 0), for a server a test
// starts (PostgreSQL, slurmctld); 0 when none could be had.
[[nodiscard]] int freePort();

} // namespace pw::test
