extension Shard {
  /// Why a cluster scheduler's environment gives no slice.
  public struct SchedulerError: Error, Equatable, CustomStringConvertible {
    /// What is missing or inconsistent, in a sentence.
    public var description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
  }

  /// The slice a scheduler's task is, from its environment: a Slurm job array's
  /// `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT` (or `SLURM_ARRAY_TASK_MIN`/`MAX`, for
  /// arrays that do not start at 0), or a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`. Kubernetes
  /// does not tell a pod how many completions its Job has, so `count` must be given there; where the
  /// scheduler says the count too, a `count` given must agree with it.
  public init(scheduler environment: [String: String], count: Int? = nil) throws(SchedulerError) {
    func number(_ name: String) throws(SchedulerError) -> Int? {
      guard let text = environment[name] else { return nil }
      guard let value = Int(text), value >= 0 else {
        throw SchedulerError(description: "\(name) is '\(text)', not a whole number")
      }
      return value
    }
    let index: Int
    var given: Int?
    if let task = try number("SLURM_ARRAY_TASK_ID") {
      let low = try number("SLURM_ARRAY_TASK_MIN") ?? 0
      index = task - low
      if let tasks = try number("SLURM_ARRAY_TASK_COUNT") {
        given = tasks
      } else if let high = try number("SLURM_ARRAY_TASK_MAX") {
        given = high - low + 1
      }
      if let given, let count, given != count {
        throw SchedulerError(description: "the Slurm array has \(given) tasks, but the command line says \(count)")
      }
    } else if let completion = try number("JOB_COMPLETION_INDEX") {
      guard count != nil else {
        throw SchedulerError(
          description: "Kubernetes sets JOB_COMPLETION_INDEX but not the Job's completions: "
            + "give them as --shard auto/N, with N the Job's spec.completions")
      }
      index = completion
    } else {
      throw SchedulerError(
        description: "no scheduler slice in the environment: neither SLURM_ARRAY_TASK_ID (a Slurm job array) "
          + "nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; outside a scheduler give --shard I/N")
    }
    guard let total = count ?? given else {
      throw SchedulerError(
        description: "SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MAX: "
          + "give the count as --shard auto/N")
    }
    guard let shard = Shard(index: index, count: total) else {
      throw SchedulerError(description: "the scheduler's task \(index) is not a slice of \(total) (0 to \(total - 1))")
    }
    self = shard
  }
}
