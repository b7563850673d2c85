import Glibc
import Testing

@testable import ShatterCore
@testable import ShatterSoftware

/// How many threads the CPU renderer starts: no more than the CPUs the process may run on, nor than a
/// container's CPU quota allows.
@Suite struct AvailableCoresTests {
    @Test func theAffinityMaskCountsTheCPUsItSets() {
        #expect(AvailableCores.affinityCount(status: "Name:\tshatter\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        // A 72-core node's mask, words separated by commas, granting CPUs 0, 36–39 and 64.
        #expect(AvailableCores.affinityCount(status: "Cpus_allowed:\t00000001,000000f0,00000001\n") == 6)
        #expect(AvailableCores.affinityCount(status: "Name:\tshatter\n") == nil)
    }

    @Test func aQuotaAllowsItsCoresRoundedUp() {
        #expect(AvailableCores.cores(cpuMax: "400000 100000\n") == 4)
        #expect(AvailableCores.cores(cpuMax: "150000 100000") == 2)  // 1.5 CPUs: two threads, each throttled
        #expect(AvailableCores.cores(cpuMax: "50000 100000") == 1)
        #expect(AvailableCores.cores(cpuMax: "max 100000\n") == nil)
        #expect(AvailableCores.cores(quota: -1, period: 100_000) == nil)  // cgroup v1: no limit
    }

    @Test func thisProcessGetsAtLeastOneAndNoMoreThanTheMachineHas() {
        let count = AvailableCores.count
        #expect(count >= 1)
        #expect(count <= Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #expect(SoftwareRenderer().threads == count)
    }
}
