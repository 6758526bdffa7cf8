import Synchronization

/// Answers a loopback route gives one after another, one per request (a 429, then a 503, then
/// the answer).
public final class AnswerQueue: Sendable {
    private let answers: Mutex<[LoopbackResponse]>

    public init(_ answers: [LoopbackResponse]) {
        self.answers = Mutex(answers)
    }

    /// The next answer; nil once all were given.
    public func next() -> LoopbackResponse? {
        answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
