import HTTPServer

/// On a read replica (`guidebook serve --replica`): every request that could write (any method but
/// `GET`, `HEAD` and `OPTIONS`) is refused from its head, with 503 problem+json that names the
/// primary and a `Link: <primary>; rel="primary"` header, before its body is read. Reads pass.
public struct ReplicaStage: Stage {
    let replica: ReplicaConfiguration

    public init(replica: ReplicaConfiguration) {
        self.replica = replica
    }

    public func screen(_ head: HTTPRequestHead, route: APIRoute) throws {
        guard !["GET", "HEAD", "OPTIONS"].contains(head.method) else { return }
        throw Problem.replicaRefusesWrite(primaryURL: replica.primaryURL, path: head.path)
    }
}
