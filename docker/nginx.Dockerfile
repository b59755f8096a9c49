# nginx from Debian 12's packages in front of the nodes of docker/compose.nodes.yaml
# (docker/nginx.conf: one port for the page, the WebSocket spread over the nodes, /node/<id>/ to one).
#
#   docker build -f docker/nginx.Dockerfile -t belote-nginx .     (from the repository root)
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && ln -sf /dev/stdout /var/log/nginx/access.log \
 && ln -sf /dev/stderr /var/log/nginx/error.log
COPY docker/nginx.conf /etc/nginx/nginx.conf
EXPOSE 8080
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
