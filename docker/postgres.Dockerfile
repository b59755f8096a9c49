# PostgreSQL 15 from Debian 12's packages, for docker/compose.nodes.yaml (no image registry needed
# beyond the Debian base that docker/Dockerfile uses).
#
#   docker build -f docker/postgres.Dockerfile -t belote-postgres .     (from the repository root)
#
# The first start makes the cluster in $PGDATA (the volume) with the superuser `postgres`, whose
# password is POSTGRES_PASSWORD, and the database POSTGRES_DB; connections from other containers
# authenticate with that password (scram-sha-256).
FROM debian:bookworm-slim
# No cluster made by the package itself: the entrypoint makes the one in $PGDATA.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/belote.conf \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && mkdir -p /var/lib/postgresql/data \
 && chown postgres:postgres /var/lib/postgresql/data \
 && chmod 700 /var/lib/postgresql/data
COPY docker/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data \
    POSTGRES_DB=belote
USER postgres
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=3s --retries=10 CMD ["/usr/lib/postgresql/15/bin/pg_isready", "-h", "127.0.0.1", "-q"]
# SIGINT: PostgreSQL's fast shutdown (SIGTERM would wait for every client to leave).
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
