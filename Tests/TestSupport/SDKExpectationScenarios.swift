extension TestScenarios {
  /// A user of ``scripted(users:privacyTier:developerMode:extra:)`` for SDK expectations: clicks
  /// alpha's ad at 0h, installs at 1h and first launches at 1h5m; the SDK asks after the launch,
  /// each event and the revenue, so the sequential model writes five trace lines.
  package static let sdkTester = """
    { name: "tester", timeline: [
      { at: "0h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
      { at: "1h", action: "install" }, { at: "1h5m", action: "launch" },
      { at: "2h", action: "event", name: "tutorial_complete" }, { at: "3h", action: "event", name: "level_up" },
      { at: "5h", action: "launch" }, { at: "20h", action: "revenue", amount: 4.99 },
    ] }
    """

  /// The tester moves the device clock 3 days forward after the launch: the SDK then believes
  /// itself in its window 2 while the platform's window 1 runs until 2d1h5m. The purchase's
  /// revenue counts in the wrong window, and with the belief-driven SDK (``keepBackSDK``) the
  /// fine values 1 (at the purchase) and 2 (at the second launch) are dropped as late while the
  /// platform would have taken them.
  package static let clockMover = """
    { name: "mover", timeline: [
      { at: "0h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
      { at: "1h", action: "install" }, { at: "1h5m", action: "launch" },
      { at: "2h", action: "clockChange", by: "+3d" },
      { at: "3h", action: "event", name: "purchase", revenue: 4.99 },
      { at: "5h", action: "launch" },
    ] }
    """

  /// The sequential SDK keeping fine values back after its own window 1.
  package static let keepBackSDK = #"{ model: "sequential", lateFineValues: "keepBack" }"#

  /// The scripted test world with an SDK in the app (the sequential one unless `sdk` says
  /// otherwise; none for nil), `users` and an `expect` block.
  package static func sdkExpectation(users: String = sdkTester, expect: String, sdk: String? = #"{ model: "sequential" }"#) -> String {
    let text = scripted(users: users, extra: "expect: \(expect),")
    guard let sdk else { return text }
    return text.replacing(
      required: #"attributionReportEndpoint: "https://example.com" }"#,
      with: #"attributionReportEndpoint: "https://example.com", sdk: \#(sdk) }"#)
  }
}
