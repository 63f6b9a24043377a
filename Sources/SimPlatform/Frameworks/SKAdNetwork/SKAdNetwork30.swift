import SimModel

/// SKAdNetwork 3.0: 2.2's value timer, with non-winning postbacks and `did-win` (rulebook §3.3).
package struct SKAdNetwork30: ValueTimerRules {
  package init() {}

  package var version: SKAdNetworkVersion { .v3_0 }
  package var sendsRunnerUpPostbacks: Bool { true }
  package var reportsWin: Bool { true }
}
