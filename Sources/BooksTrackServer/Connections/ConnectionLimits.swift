import Foundation
import NIOCore
import Synchronization

/// How many connections the server holds at once, overall and from one address, and how long a
/// connection may take to send what it owes.
///
/// A connection that never finishes its request would otherwise be kept for ever: enough of them
/// use up the process's descriptors, and libdispatch stops the process when it cannot open a file.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections open at once; past it a new connection is closed as soon as it is accepted.
    public var maximum: Int
    /// Connections open at once from one address (trusted proxies excepted).
    public var maximumPerAddress: Int
    /// From a connection's start, or the end of the answer before, to the end of a request's head.
    public var headTimeLimit: Duration
    /// The longest pause while a request's body is still coming.
    public var bodyPauseLimit: Duration
    /// From the request's head to the end of its body.
    public var bodyTimeLimit: Duration

    /// The defaults: 4,096 connections, 128 from one address, 10 s for a head, 30 s of silence in
    /// a body and 10 minutes for a whole body (a 50 MB import on a slow line).
    public init(
        maximum: Int = 4_096, maximumPerAddress: Int = 128, headTimeLimit: Duration = .seconds(10),
        bodyPauseLimit: Duration = .seconds(30), bodyTimeLimit: Duration = .seconds(600)
    ) {
        self.maximum = maximum
        self.maximumPerAddress = maximumPerAddress
        self.headTimeLimit = headTimeLimit
        self.bodyPauseLimit = bodyPauseLimit
        self.bodyTimeLimit = bodyTimeLimit
    }

    /// These limits within what `descriptors` open files allow: a quarter of them (at most 128)
    /// stay for the databases, the image libraries and the providers' connections.
    public func fitted(toDescriptors descriptors: Int) -> ConnectionLimits {
        var limits = self
        let reserve = min(128, max(16, descriptors / 4))
        limits.maximum = max(1, min(maximum, descriptors - reserve))
        limits.maximumPerAddress = max(1, min(maximumPerAddress, limits.maximum))
        return limits
    }
}

/// The connections open now, overall and by address, shared by every connection's handler.
///
/// When the server is full, a new connection takes the place of the oldest one that has not yet
/// sent a whole request head (a silent socket, or one sending its head a byte at a time): a flood
/// of such sockets from many addresses then cannot keep real requests out until its sockets time out.
final class ConnectionCount: Sendable {
    let limits: ConnectionLimits
    /// Addresses whose connections are not capped one by one (a reverse proxy carries everyone's).
    let trustedAddresses: Set<String>
    private let state = Mutex(State())

    private struct State {
        var total = 0
        var byAddress: [String: Int] = [:]
        /// Connections still waiting for their first head, with the order they came in.
        var headless: [ObjectIdentifier: (order: UInt64, channel: any Channel)] = [:]
        var arrivals: UInt64 = 0
    }

    init(limits: ConnectionLimits, trustedAddresses: Set<String>) {
        self.limits = limits
        self.trustedAddresses = trustedAddresses
    }

    /// Takes a place for `channel` from `address`; false when its address is full, or the server
    /// is full of connections that have all sent a head. A connection whose place is taken is closed.
    func admit(_ address: String, channel: any Channel) -> Bool {
        let (admitted, evicted) = state.withLock { state -> (Bool, (any Channel)?) in
            let fromAddress = state.byAddress[address, default: 0]
            if !trustedAddresses.contains(address), fromAddress >= limits.maximumPerAddress { return (false, nil) }
            var evicted: (any Channel)?
            if state.total >= limits.maximum {
                guard let oldest = state.headless.min(by: { $0.value.order < $1.value.order }) else { return (false, nil) }
                state.headless[oldest.key] = nil
                evicted = oldest.value.channel
            }
            state.total += 1
            state.byAddress[address] = fromAddress + 1
            state.arrivals += 1
            state.headless[ObjectIdentifier(channel)] = (state.arrivals, channel)
            return (true, evicted)
        }
        evicted?.close(promise: nil)
        return admitted
    }

    /// `channel` has sent its first head: it is no longer the first to make way.
    func headArrived(_ channel: any Channel) {
        _ = state.withLock { $0.headless.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Gives back the place of a connection from `address` that has closed.
    func release(_ address: String, channel: any Channel) {
        state.withLock { state in
            state.headless[ObjectIdentifier(channel)] = nil
            state.total -= 1
            let left = state.byAddress[address, default: 1] - 1
            state.byAddress[address] = left > 0 ? left : nil
        }
    }

    /// Connections open now.
    var total: Int { state.withLock { $0.total } }
}

extension SocketAddress {
    /// The address without its port: what a client is counted and throttled by.
    var hostText: String {
        ipAddress ?? description
    }
}
