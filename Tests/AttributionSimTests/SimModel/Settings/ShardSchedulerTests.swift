import AttributionSim
import Testing

/// `--shard auto`: the slice a cluster scheduler's task is, read from its environment.
@Suite("Shards from a scheduler's environment")
struct ShardSchedulerTests {
  @Test("a Slurm array task is its index of the array's task count")
  func slurmCount() throws {
    let shard = try Shard(scheduler: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"])
    #expect(shard == Shard(index: 2, count: 4))
  }

  @Test("an array that does not start at 0 (--array=5-8) is numbered from its minimum")
  func slurmMinMax() throws {
    let environment = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "8"]
    #expect(try Shard(scheduler: environment) == Shard(index: 2, count: 4))
  }

  @Test("a count on the command line must agree with Slurm's")
  func slurmCountDisagrees() throws {
    #expect(throws: Shard.SchedulerError(description: "the Slurm array has 4 tasks, but the command line says 3")) {
      try Shard(scheduler: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], count: 3)
    }
    #expect(try Shard(scheduler: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], count: 4) == Shard(index: 1, count: 4))
  }

  @Test("a Kubernetes Indexed Job's completion index needs the completions from the command line")
  func kubernetes() throws {
    #expect(try Shard(scheduler: ["JOB_COMPLETION_INDEX": "3"], count: 8) == Shard(index: 3, count: 8))
    #expect(throws: Shard.SchedulerError.self) { try Shard(scheduler: ["JOB_COMPLETION_INDEX": "3"]) }
    #expect(throws: Shard.SchedulerError(description: "the scheduler's task 8 is not a slice of 8 (0 to 7)")) {
      try Shard(scheduler: ["JOB_COMPLETION_INDEX": "8"], count: 8)
    }
  }

  @Test("outside a scheduler, or with a variable that is not a number, it says what is missing")
  func noScheduler() throws {
    #expect(throws: Shard.SchedulerError.self) { try Shard(scheduler: ["PATH": "/bin"], count: 4) }
    #expect(throws: Shard.SchedulerError(description: "SLURM_ARRAY_TASK_ID is 'x', not a whole number")) {
      try Shard(scheduler: ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "4"])
    }
    #expect(throws: Shard.SchedulerError.self) { try Shard(scheduler: ["SLURM_ARRAY_TASK_ID": "1"]) }
  }
}
