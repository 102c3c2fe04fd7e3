"""The MongoDB Atlas Administration API v2 as the lab's control plane answers it: API keys checked
with HTTP Digest as RFC 7616 describes it, service accounts with OAuth 2.0 client credentials (RFC
6749 §4.4), resource versions taken from the Accept header, and the read-only endpoints mongoscan
uses answered from the profile's `atlas` block in the shapes of MongoDB's OpenAPI file.

Sources, cited below by name:
  SPEC     mongodb/openapi openapi/v2.yaml, as copied into mongodb/terraform-provider-mongodbatlas
           tools/codegen/atlasapispec/raw-multi-version-api-spec.yml (x-xgen-sha 0acdb962).
  TF-REC   real Atlas responses recorded by the Terraform provider's tests:
           internal/service/advancedcluster/testdata/TestAccMockableAdvancedCluster_*.yaml.
  DOCS     https://www.mongodb.com/docs/atlas/api/ (versioned-api-overview, api-rate-limit,
           api-authentication, service-accounts).
What no source settles is marked UNCONFIRMED; tests/lab/README.md lists those points."""

import base64
import binascii
import copy
import hashlib
import hmac
import re
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Callable
from datetime import datetime, timezone
from email.utils import format_datetime
from urllib.parse import parse_qs, quote, unquote_plus, urlencode

API_PREFIX = "/api/atlas/v2"
TOKEN_PATH = "/api/oauth/token"  # SPEC securitySchemes.ServiceAccounts.flows.clientCredentials

# The challenge Atlas documents (api-authentication; legacy reference pages print op="auth", taken to
# be qop="auth"), with the separators mongodb-forks/digest (the Go SDK's Digest client) splits on.
REALM = "MMS Public API"
DIGEST_HASHES = {"MD5": hashlib.md5, "SHA-256": hashlib.sha256}  # RFC 7616 §3.2; no -sess variants
# Atlas's nonce "is only valid for a short amount of time" (api-authentication); how short is
# UNCONFIRMED, 300 s is the lab's default.
DEFAULT_NONCE_LIFETIME_S = 300
DEFAULT_TOKEN_LIFETIME_S = 3600  # SPEC info.description: a token "valid for 1 hour (3600 seconds)"

# SPEC components.parameters itemsPerPage (default 100, 1..500), pageNum (default 1, >= 1),
# includeCount (default true).
DEFAULT_ITEMS_PER_PAGE = 100
MAX_ITEMS_PER_PAGE = 500

# What the lab reports in RateLimit-Limit on a 429; Atlas's capacity depends on the endpoint set.
RATE_LIMIT_CAPACITY = 100

CLOUD_PROVIDERS = ("AWS", "AZURE", "GCP")  # SPEC enum of cloudProvider and providerName

_REASONS = {400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed",
            406: "Not Acceptable", 410: "Gone", 429: "Too Many Requests"}
# Atlas's answer to a request without valid credentials on the v1.0 API (TF issue #192; Ops Manager
# issue mongodb-enterprise-kubernetes#121). The errorCode is UNCONFIRMED.
_NOT_AUTHENTICATED = ("UNAUTHORIZED", "You are not authorized for this resource.")
_VERSIONED_MEDIA_TYPE = re.compile(r"application/vnd\.atlas\.(\d{4}-\d{2}-\d{2}|preview)\+json")
_ID = "[0-9a-f]{24}"  # SPEC: groupId and orgId match ^([a-f0-9]{24})$
_CLUSTER_NAME = "[a-zA-Z0-9][a-zA-Z0-9-]*"  # SPEC clusterName pattern


class State:
    """What changes between requests: the nonces issued, the (nonce, nc) pairs used, the tokens
    issued and how often each fault has fired. Safe across the server's threads; `clock` returns
    seconds (tests pass their own to age nonces and tokens)."""

    def __init__(self, clock=time.monotonic):
        self._clock = clock
        self._lock = threading.Lock()
        self._nonces = {}  # nonce -> time issued; kept for the process's life, to tell stale from unknown
        self._used_counts = set()  # (nonce, nc)
        self._tokens = {}  # access token -> (client id, time it expires)
        self._fault_counts = {}

    def issue_nonce(self):
        nonce = base64.b64encode(secrets.token_bytes(33)).decode()
        with self._lock:
            self._nonces[nonce] = self._clock()
        return nonce

    def nonce_age(self, nonce):
        """Seconds since this server issued `nonce`, or None if it never did."""
        with self._lock:
            issued = self._nonces.get(nonce)
        return None if issued is None else self._clock() - issued

    def first_use(self, nonce, nonce_count):
        """True the first time (nonce, nc) is presented; False for a replay (RFC 7616 §3.4)."""
        with self._lock:
            if (nonce, nonce_count) in self._used_counts:
                return False
            self._used_counts.add((nonce, nonce_count))
            return True

    def issue_token(self, client_id, lifetime_s):
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._tokens[token] = (client_id, self._clock() + lifetime_s)
        return token

    def token_holder(self, token):
        """The client id the live `token` was issued to; None when unknown or expired."""
        with self._lock:
            client_id, expires = self._tokens.get(token, (None, 0))
        return client_id if self._clock() < expires else None

    def count(self, key):
        """How many times `key` has been counted, this time included."""
        with self._lock:
            self._fault_counts[key] = self._fault_counts.get(key, 0) + 1
            return self._fault_counts[key]


class ApiError(Exception):
    """An Atlas error reply: SPEC ApiError {detail, error, errorCode, parameters, reason}."""

    def __init__(self, status, code, detail, parameters=(), headers=()):
        super().__init__(detail)
        self.status, self.code, self.detail = status, code, detail
        self.parameters, self.headers = list(parameters), list(headers)

    def body(self):
        return {"detail": self.detail, "error": self.status, "errorCode": self.code,
                "parameters": self.parameters, "reason": _REASONS[self.status]}


def handle(profile, method, target, headers, body, state):
    """(HTTP status, JSON body, response headers, log fields) for one request whose path starts with
    /api/atlas/v2/ or is /api/oauth/token. `target` is the request target as sent (path and query).
    The log fields name the credential scheme but hold no credential and nothing of the body."""
    config = profile.get("atlas", {})
    headers = {name.lower(): value for name, value in headers.items()}
    path, _, query = target.partition("?")
    fields = {"service": "atlas", "auth": _scheme(headers.get("authorization")), "query": query or None}
    if path == TOKEN_PATH:
        status, reply, reply_headers = _token(config, method, headers, body, state)
        if "error" in reply:
            fields["error"] = reply["error"]
        return status, reply, reply_headers, fields
    fields["version"] = _requested_version(headers.get("accept"))
    try:
        status, reply, reply_headers = _api(config, method, target, headers, state, fields["version"])
    except ApiError as error:
        fields["error"] = error.code
        return error.status, error.body(), [("Content-Type", "application/json")] + error.headers, fields
    return status, reply, reply_headers, fields


def _scheme(authorization):
    """The log's name for the credentials a request carries: digest, bearer, basic or none."""
    scheme = (authorization or "").partition(" ")[0].lower()
    return scheme if scheme in ("digest", "bearer", "basic") else "none"


def _requested_version(accept):
    """The resource version the Accept header asks for (a date, or "preview"), else None."""
    for media_range in (accept or "").split(","):
        match = _VERSIONED_MEDIA_TYPE.fullmatch(media_range.split(";")[0].strip())
        if match:
            return match.group(1)
    return None


# --- HTTP Digest (RFC 7616) and bearer tokens ----------------------------------------------------

def digest_response(algorithm, username, realm, password, method, uri, nonce, nc, cnonce, qop):
    """RFC 7616 §3.4.1 for qop=auth: H(H(A1):nonce:nc:cnonce:qop:H(A2)) with A1 =
    username:realm:password and A2 = method:uri, H the algorithm's hash in lower-case hex."""
    def h(text):
        return DIGEST_HASHES[algorithm](text.encode()).hexdigest()
    return h(":".join([h(f"{username}:{realm}:{password}"), nonce, nc, cnonce, qop,
                       h(f"{method}:{uri}")]))


_LIST_SEPARATORS = re.compile(r"[\s,]*")
_AUTH_PARAM = re.compile(r'([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^",\s]*))\s*(?:,|$)')


def parse_auth_params(text):
    """{name (lower case): value} of 'a=b, c="d, e"' (RFC 9110 §11.2 auth-params; quoted-pairs
    unescaped, empty list elements skipped as §5.6.1 allows), or None when text is not that."""
    params, position = {}, 0
    while True:
        position = _LIST_SEPARATORS.match(text, position).end()
        if position == len(text):
            return params
        match = _AUTH_PARAM.match(text, position)
        if not match:
            return None
        quoted, token = match.group(2), match.group(3)
        params[match.group(1).lower()] = re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else token
        position = match.end()


def _challenge(state, stale):
    return ("WWW-Authenticate", f'Digest realm="{REALM}", domain="", nonce="{state.issue_nonce()}", '
                                f'algorithm=MD5, qop="auth", stale={"true" if stale else "false"}')


def _not_authenticated(state, stale=False, extra=()):
    """401 with a fresh Digest challenge: the answer to any request not carrying valid credentials."""
    return ApiError(401, *_NOT_AUTHENTICATED, headers=[_challenge(state, stale), *extra])


_DIGEST_FIELDS = {"username", "realm", "nonce", "uri", "response", "qop", "nc", "cnonce"}


def _authenticate(config, method, target, headers, state):
    """The roles of the credentials the request carries; raises a 401 ApiError when there are none
    or they do not hold."""
    scheme, _, credentials = (headers.get("authorization") or "").partition(" ")
    if scheme.lower() == "digest":
        return _digest_roles(config, method, target, credentials, state)
    if scheme.lower() == "bearer":
        client_id = state.token_holder(credentials.strip())
        accounts = {a["client_id"]: a for a in config.get("service_accounts", [])}
        if client_id not in accounts:
            # RFC 6750 §3.1; the Digest challenge stays first, as Digest clients read only the first.
            raise _not_authenticated(state, extra=[("WWW-Authenticate", 'Bearer error="invalid_token"')])
        return frozenset(accounts[client_id].get("roles", []))
    raise _not_authenticated(state)


def _digest_roles(config, method, target, credentials, state):
    """Verifies Authorization: Digest as RFC 7616 §3.4 asks: our realm, qop=auth, the uri equal to
    the request target, nc 8 hex digits, the response recomputed with the API key's private key,
    the nonce ours and younger than nonce_lifetime_seconds (stale=true when it was ours but has
    expired and the response was right, §3.3), and (nonce, nc) not seen before."""
    params = parse_auth_params(credentials)
    if params is None or not _DIGEST_FIELDS <= params.keys():
        raise _not_authenticated(state)
    algorithm = params.get("algorithm", "MD5").upper()
    keys = {k["public_key"]: k for k in config.get("api_keys", [])}
    key = keys.get(params["username"])
    if (key is None or algorithm not in DIGEST_HASHES or params["realm"] != REALM
            or params["qop"] != "auth" or params["uri"] != target
            or not re.fullmatch(r"[0-9a-fA-F]{8}", params["nc"])):
        raise _not_authenticated(state)
    expected = digest_response(algorithm, params["username"], REALM, key["private_key"], method,
                               params["uri"], params["nonce"], params["nc"], params["cnonce"], "auth")
    if not hmac.compare_digest(expected, params["response"].lower()):
        raise _not_authenticated(state)
    age = state.nonce_age(params["nonce"])
    if age is None:
        raise _not_authenticated(state)
    if age > config.get("nonce_lifetime_seconds", DEFAULT_NONCE_LIFETIME_S):
        raise _not_authenticated(state, stale=True)
    if not state.first_use(params["nonce"], params["nc"].lower()):
        raise _not_authenticated(state)
    return frozenset(key.get("roles", []))


# --- OAuth 2.0 client credentials (RFC 6749 §4.4) ------------------------------------------------

def _token(config, method, headers, body, state):
    """POST /api/oauth/token: Basic client authentication (RFC 6749 §2.3.1, the way the Go SDK's
    clientcredentials package sends it), a form body with grant_type=client_credentials; errors
    in the RFC 6749 §5.2 shape. (status, body, headers)."""
    json_headers = [("Content-Type", "application/json;charset=UTF-8")]
    if method != "POST":  # RFC 6749 §3.2: the client MUST use POST
        return 405, {"error": "invalid_request"}, json_headers + [("Allow", "POST")]
    client_id, secret = _basic_credentials(headers.get("authorization"))
    accounts = {a["client_id"]: a for a in config.get("service_accounts", [])}
    account = accounts.get(client_id)
    if account is None or not hmac.compare_digest(account["client_secret"].encode(), secret.encode()):
        # §5.2: 401 and a challenge for the scheme the client used. The realm is UNCONFIRMED.
        return 401, {"error": "invalid_client"}, json_headers + [("WWW-Authenticate", 'Basic realm="Atlas"')]
    if headers.get("content-type", "").split(";")[0].strip().lower() != "application/x-www-form-urlencoded":
        return 400, {"error": "invalid_request"}, json_headers
    grant = parse_qs(body.decode(errors="replace")).get("grant_type", [None])[0]
    if grant is None:
        return 400, {"error": "invalid_request"}, json_headers
    if grant != "client_credentials":
        return 400, {"error": "unsupported_grant_type"}, json_headers
    lifetime = account.get("token_lifetime_seconds", DEFAULT_TOKEN_LIFETIME_S)
    # §5.1: the token reply MUST NOT be cached. Atlas's tokens are JWTs; the lab's are opaque.
    token = {"access_token": state.issue_token(client_id, lifetime), "expires_in": lifetime,
             "token_type": "Bearer"}
    return 200, token, json_headers + [("Cache-Control", "no-store"), ("Pragma", "no-cache")]


def _basic_credentials(authorization):
    """(client id, secret) from 'Basic base64(id:secret)', each form-urlencoded as RFC 6749 §2.3.1
    asks; ("", "") when the header is not that."""
    scheme, _, encoded = (authorization or "").partition(" ")
    if scheme.lower() != "basic":
        return "", ""
    try:
        decoded = base64.b64decode(encoded.strip(), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        return "", ""
    client_id, _, secret = decoded.partition(":")
    return unquote_plus(client_id), unquote_plus(secret)


# --- The API: routing, versions, roles, faults ---------------------------------------------------

# SPEC x-rolesRequirements names, and the roles that meet each (docs atlas/reference/user-roles):
# every ORG_* role includes Organization Member; Organization Read Only and Organization Owner reach
# every project; every GROUP_* role includes Project Read Only; Organization Owner is Project Owner
# of every project.
ROLE_REQUIREMENTS = {
    "Organization Member": lambda roles: any(r.startswith("ORG_") for r in roles),
    "Organization Read Only": lambda roles: bool(roles & {"ORG_READ_ONLY", "ORG_OWNER"}),
    "Project Read Only": lambda roles: (bool(roles & {"ORG_READ_ONLY", "ORG_OWNER"})
                                        or any(r.startswith("GROUP_") for r in roles)),
    "Project Owner": lambda roles: bool(roles & {"GROUP_OWNER", "ORG_OWNER"}),
}

# The x-sunset SPEC gives the older versions of clusters, processArgs and backup/schedule.
_SUNSET_2027 = "2027-07-01"


@dataclass(frozen=True)
class Resource:
    """One GET endpoint: its path under /api/atlas/v2, the resource versions SPEC lists for it
    (date -> x-sunset date or None), the role requirement, and the function that answers it."""
    pattern: re.Pattern
    versions: dict
    role: str
    read: Callable


@dataclass(frozen=True)
class Call:
    """What a resource's read function gets: the profile's atlas block, the path's parameters, the
    query, the resource version asked for, the base of links (https://host/api/atlas/v2) and the
    path under it."""
    config: dict
    params: dict
    query: dict
    version: str
    base: str
    path: str


def _api(config, method, target, headers, state, version):
    """(status, body, headers) of a GET under /api/atlas/v2; raises ApiError for every refusal, in
    this order: a method other than GET (the lab is read-only, before any check), credentials
    (401 + challenge), an unknown path (404), the version (406/410), the rate-limit fault (429), the
    role (401), then what the resource itself refuses (404/400)."""
    path, _, query = target.partition("?")
    if method != "GET":
        raise ApiError(405, "METHOD_NOT_ALLOWED", f"The lab answers GET only, not {method}.",
                       headers=[("Allow", "GET")])  # errorCode UNCONFIRMED (SPEC has no generic one)
    roles = _authenticate(config, method, target, headers, state)
    resource, params = _route(path)
    faults = config.get("faults", {})
    _check_version(resource, version, path, faults.get("gone_versions", []))
    limited = faults.get("rate_limited_calls", 0)
    if limited and state.count(("rate", path, query)) <= limited:
        retry_after = str(faults.get("retry_after", "0"))
        # SPEC tooManyRequests: errorCode RATE_LIMITED, headers Retry-After, RateLimit-Limit and
        # RateLimit-Remaining (the docs page shows RATE_LIMITED_TOKEN_BUCKET instead).
        raise ApiError(429, "RATE_LIMITED", f"Rate limit exceeded for {path.lstrip('/')}. "
                                            f"Please retry after {retry_after} seconds.",
                       headers=[("Retry-After", retry_after), ("RateLimit-Limit", str(RATE_LIMIT_CAPACITY)),
                                ("RateLimit-Remaining", "0")])
    if not ROLE_REQUIREMENTS[resource.role](roles):
        # A role too low is a 401 (SPEC's own 401 example, NOT_ORG_GROUP_CREATOR, is one); the code
        # USER_UNAUTHORIZED is what the Terraform provider tests for (TF PR #664, resource_project.go);
        # the detail is UNCONFIRMED. No challenge: the credentials were good.
        raise ApiError(401, "USER_UNAUTHORIZED", "Current user is not authorized to perform this action.")
    host = headers.get("host", "cloud.mongodb.com")
    call = Call(config, params, parse_qs(query, keep_blank_values=True), version,
                f"https://{host}{API_PREFIX}", path[len(API_PREFIX):])
    return 200, resource.read(call), _version_headers(resource, version)


def _route(path):
    """The resource whose pattern the path matches, and the path's parameters; 404 when none does."""
    for resource in RESOURCES:
        match = resource.pattern.fullmatch(path[len(API_PREFIX):])
        if match:
            return resource, match.groupdict()
    raise ApiError(404, "RESOURCE_NOT_FOUND", f"Cannot find resource {path.lstrip('/')}.")


def _check_version(resource, version, path, gone_versions):
    """DOCS versioned-api-overview: 406 when the Accept header names no version the resource has
    (body as observed from Atlas, not documented), 410 once a version is removed (here: the dates
    in faults.gone_versions; body as a real 410 shows it, simple-container-com/api#173)."""
    if version in gone_versions:
        raise ApiError(410, "VERSION_GONE",
                       f"Version {version} of {path.lstrip('/')} is no longer available.",
                       parameters=[version, path.lstrip("/")])
    if version not in resource.versions:
        raise ApiError(406, "INVALID_VERSION_DATE", "Invalid accept header or version date.")


def _version_headers(resource, version):
    """Content-Type naming the version served; for a version SPEC gives an x-sunset, the Sunset and
    Deprecation headers DOCS describes (Deprecation: the date of the next version, INFERENCE)."""
    headers = [("Content-Type", f"application/vnd.atlas.{version}+json;charset=utf-8")]
    sunset = resource.versions[version]
    if sunset:
        newer = sorted(v for v in resource.versions if v > version)
        headers.append(("Deprecation", _http_date(newer[0])))
        headers.append(("Sunset", _http_date(sunset)))
    return headers


def _http_date(day):
    """RFC 9110 §5.6.7 IMF-fixdate of midnight UTC on `day` (YYYY-MM-DD)."""
    return format_datetime(datetime.fromisoformat(day).replace(tzinfo=timezone.utc), usegmt=True)


# --- Pagination ----------------------------------------------------------------------------------

def _integer(query, name, default, maximum=None):
    """The query's positive integer `name` (at most `maximum`), else `default`; 400 when malformed."""
    raw = query.get(name, [str(default)])[0]
    if not re.fullmatch(r"\d+", raw) or int(raw) < 1 or (maximum and int(raw) > maximum):
        bounds = f"between 1 and {maximum}" if maximum else "at least 1"
        # errorCode as SPEC's 400 example; what Atlas answers here is UNCONFIRMED.
        raise ApiError(400, "VALIDATION_ERROR", f"The parameter {name} must be an integer {bounds}.",
                       parameters=[name])
    return int(raw)


def _boolean(query, name, default):
    """The query's `name` as true/false (any case), else `default`; 400 when it is neither."""
    raw = query.get(name, ["true" if default else "false"])[0].lower()
    if raw not in ("true", "false"):
        raise ApiError(400, "VALIDATION_ERROR", f"The parameter {name} must be true or false.",
                       parameters=[name])
    return raw == "true"


def _paginated(call, items, endpoint_query=()):
    """SPEC Paginated*View: {links, results, totalCount} for pageNum/itemsPerPage/includeCount,
    pages clamped to the profile's max_items_per_page. The self link carries the effective
    parameters in the order real replies do (TF-REC: includeCount, the endpoint's own, pageNum,
    itemsPerPage); totalCount is left out when includeCount=false."""
    page_num = _integer(call.query, "pageNum", 1)
    items_per_page = _integer(call.query, "itemsPerPage", DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE)
    include_count = _boolean(call.query, "includeCount", True)
    size = min(items_per_page, call.config.get("max_items_per_page", MAX_ITEMS_PER_PAGE))
    start = (page_num - 1) * size
    self_query = urlencode([("includeCount", "true" if include_count else "false"), *endpoint_query,
                            ("pageNum", page_num), ("itemsPerPage", size)])
    body = {"links": [_link(f"{call.base}{call.path}?{self_query}")], "results": items[start:start + size]}
    if include_count:
        body["totalCount"] = len(items)
    return body


def _link(href, rel="self"):
    return {"href": href, "rel": rel}


# --- Looking things up in the profile -----------------------------------------------------------

def _organization(call):
    org_id = call.params["orgId"]
    for org in call.config.get("organizations", []):
        if org["id"] == org_id:
            return org
    # ORG_NOT_FOUND is UNCONFIRMED (by analogy with GROUP_NOT_FOUND and CLUSTER_NOT_FOUND).
    raise ApiError(404, "ORG_NOT_FOUND", f"No organization with ID {org_id} exists.", parameters=[org_id])


def _project(call):
    group_id = call.params["groupId"]
    for project in call.config.get("projects", []):
        if project["id"] == group_id:
            return project
    # GROUP_NOT_FOUND: a code the Terraform provider tests for (resource_project_api_key.go); the
    # detail is UNCONFIRMED.
    raise ApiError(404, "GROUP_NOT_FOUND", f"No group with ID {group_id} exists.", parameters=[group_id])


def _cluster(call, project):
    name = call.params["clusterName"]
    for cluster in project.get("clusters", []):
        if cluster["name"] == name:
            return cluster
    raise ApiError(404, "CLUSTER_NOT_FOUND", f"No cluster named {name} exists in group {project['id']}.",
                   parameters=[name, project["id"]])  # TF-REC, verbatim


def _provider(name):
    if name not in CLOUD_PROVIDERS:
        # The detail of SPEC's badRequest example, which refuses a provider name.
        raise ApiError(400, "VALIDATION_ERROR", f"No provider {name} exists.", parameters=[name])
    return name


def _with_defaults(defaults, given):
    """A copy of `defaults` updated with `given`; an object in both is merged key by key (one level)."""
    merged = copy.deepcopy(defaults)
    for key, value in (given or {}).items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = copy.deepcopy(value)
    return merged


# --- The resources ------------------------------------------------------------------------------

def _organization_view(org, base):
    """SPEC AtlasOrganization (isDeleted, skipDefaultAlertsSettings default false)."""
    return {"id": org["id"], "isDeleted": False, "links": [_link(f"{base}/orgs/{org['id']}")],
            "name": org["name"], "skipDefaultAlertsSettings": org.get("skipDefaultAlertsSettings", False)}


def _group_view(project, base):
    """SPEC Group: clusterCount and created are required; withDefaultAlertsSettings defaults true."""
    return {"clusterCount": len(project.get("clusters", [])),
            "created": project.get("created", "2024-01-01T00:00:00Z"), "id": project["id"],
            "links": [_link(f"{base}/groups/{project['id']}")], "name": project["name"],
            "orgId": project["orgId"], "tags": project.get("tags", []),
            "withDefaultAlertsSettings": project.get("withDefaultAlertsSettings", True)}


def _read_organization(call):
    return _organization_view(_organization(call), call.base)


def _read_organization_settings(call):
    """SPEC OrganizationSettings, genAIFeaturesEnabled defaulting to true; the rest as the profile
    gives it (SPEC has no other default)."""
    return _with_defaults({"genAIFeaturesEnabled": True}, _organization(call).get("settings"))


def _read_organization_groups(call):
    """The organisation's projects, `name` filtering by a case-insensitive prefix (SPEC getOrgGroups)."""
    org = _organization(call)
    name = call.query.get("name", [""])[0]
    projects = [p for p in call.config.get("projects", [])
                if p["orgId"] == org["id"] and p["name"].lower().startswith(name.lower())]
    return _paginated(call, [_group_view(p, call.base) for p in projects], [("name", name)] if name else [])


def _read_group(call):
    return _group_view(_project(call), call.base)


def _read_access_list(call):
    """SPEC NetworkPermissionEntry, with groupId and a self link named by the entry (URL-encoded)."""
    project = _project(call)
    entries = []
    for entry in project.get("accessList", []):
        name = entry.get("cidrBlock") or entry.get("ipAddress") or entry.get("awsSecurityGroup")
        entries.append({**entry, "groupId": project["id"], "links": [
            _link(f"{call.base}/groups/{project['id']}/accessList/{quote(name, safe='')}")]})
    return _paginated(call, entries)


# TF-REC: the TLS settings of a new cluster, the same in the cluster's advancedConfiguration and in
# its processArgs (both views of one setting).
_TLS_DEFAULTS = {"customOpensslCipherConfigTls12": [], "customOpensslCipherConfigTls13": [],
                 "minimumEnabledTlsProtocol": "TLS1_2", "tlsCipherConfigMode": "DEFAULT"}

# TF-REC: what GET /groups/{groupId}/clusters (2024-08-05) answers for a new M10 replica set, less
# what names the cluster; SPEC ClusterDescription20240805 defaults agree where it has them.
_CLUSTER_DEFAULTS = {
    "backupEnabled": False, "biConnector": {"enabled": False, "readPreference": "secondary"},
    "connectionStrings": {}, "diskWarmingMode": "FULLY_WARMED", "encryptionAtRestProvider": "NONE",
    "globalClusterSelfManagedSharding": False, "internalClusterRole": "NONE", "labels": [],
    "paused": False, "pitEnabled": False, "redactClientLogData": False, "rootCertType": "ISRGROOTX1",
    "stateName": "IDLE", "tags": [], "terminationProtectionEnabled": False,
    "useAwsTimeBasedSnapshotCopyForFastInitialSync": False, "versionReleaseSystem": "LTS",
}

# TF-REC: GET processArgs of a new cluster, 2024-08-05; 2023-01-01 (SPEC ClusterDescriptionProcessArgs)
# has no customOpensslCipherConfigTls13 and adds defaultReadConcern and failIndexKeyTooLong.
_PROCESS_ARGS_DEFAULTS = {
    "changeStreamOptionsPreAndPostImagesExpireAfterSeconds": None, "chunkMigrationConcurrency": None,
    "defaultMaxTimeMS": None, "defaultWriteConcern": None, "javascriptEnabled": True, "noTableScan": False,
    "oplogMinRetentionHours": None, "oplogSizeMB": None, "queryStatsLogVerbosity": 1,
    "sampleRefreshIntervalBIConnector": None, "sampleSizeBIConnector": None,
    "transactionLifetimeLimitSeconds": None,
}
_PROCESS_ARGS_ONLY_IN_2023_01_01 = {"defaultReadConcern": None, "failIndexKeyTooLong": None}


def _tls_settings(project, cluster):
    """The cluster's TLS settings: the defaults, then what the profile's processArgs say, then its
    advancedConfiguration. (Should the profile's two disagree, processArgs still answers its own.)"""
    process_args = project.get("processArgs", {}).get(cluster["name"], {})
    return _with_defaults(_TLS_DEFAULTS, {**{k: v for k, v in process_args.items() if k in _TLS_DEFAULTS},
                                          **cluster.get("advancedConfiguration", {})})


def _cluster_view(project, cluster, base):
    """The profile's cluster over _CLUSTER_DEFAULTS, with groupId and the links real replies carry.
    The same object answers 2023-01-01, 2023-02-01 and 2024-08-05, whose schemas differ (e.g.
    providerSettings exists only in 2023-01-01): a profile serves what it writes."""
    href = f"{base}/groups/{project['id']}/clusters/{cluster['name']}"
    view = _with_defaults(_CLUSTER_DEFAULTS, cluster)
    view.update(advancedConfiguration=_tls_settings(project, cluster), groupId=project["id"], links=[
        _link(href), _link(f"{href}/backup/restoreJobs", "https://cloud.mongodb.com/restoreJobs"),
        _link(f"{href}/backup/snapshots", "https://cloud.mongodb.com/snapshots")])
    return view


def _read_clusters(call):
    project = _project(call)
    retained = _boolean(call.query, "includeDeletedWithRetainedBackups", False)
    return _paginated(call, [_cluster_view(project, c, call.base) for c in project.get("clusters", [])],
                      [("includeDeletedWithRetainedBackups", "true" if retained else "false")])


def _read_process_args(call):
    project = _project(call)
    cluster = _cluster(call, project)
    defaults = {**_PROCESS_ARGS_DEFAULTS, **_tls_settings(project, cluster)}
    if call.version == "2023-01-01":
        defaults.pop("customOpensslCipherConfigTls13")
        defaults.update(_PROCESS_ARGS_ONLY_IN_2023_01_01)
    return _with_defaults(defaults, project.get("processArgs", {}).get(cluster["name"]))


def _read_backup_schedule(call):
    """SPEC DiskBackupSnapshotSchedule(20240805): the profile's backupSchedules[clusterName] with
    clusterId, clusterName and links. A cluster without one gets 404 BACKUP_CONFIG_NOT_FOUND (the
    code the Terraform provider expects, model_cluster.go; status and detail UNCONFIRMED)."""
    project = _project(call)
    cluster = _cluster(call, project)
    schedule = project.get("backupSchedules", {}).get(cluster["name"])
    if schedule is None:
        raise ApiError(404, "BACKUP_CONFIG_NOT_FOUND",
                       f"No backup configuration exists for cluster {cluster['name']}.",
                       parameters=[cluster["name"]])
    href = f"{call.base}/groups/{project['id']}/clusters/{cluster['name']}/backup/schedule"
    return {"policies": [], **schedule, "clusterId": cluster.get("id"), "clusterName": cluster["name"],
            "links": [_link(href)]}


def _read_encryption_at_rest(call):
    """SPEC EncryptionAtRest: each provider the profile leaves out is {"enabled": false}."""
    disabled = {"enabled": False}
    return _with_defaults({"awsKms": disabled, "azureKeyVault": disabled, "googleCloudKms": disabled},
                          _project(call).get("encryptionAtRest"))


def _read_audit_log(call):
    """SPEC AuditLog: auditAuthorizationSuccess and enabled default false; configurationType "NONE"
    for a project that never set a filter is INFERENCE; auditFilter has no default and is left out."""
    return _with_defaults({"auditAuthorizationSuccess": False, "configurationType": "NONE", "enabled": False},
                          _project(call).get("auditLog"))


def _read_database_users(call):
    """SPEC CloudDatabaseUser with its defaults (awsIAMType, ldapAuthType, oidcAuthType and x509Type
    NONE, databaseName admin), groupId and a self link /databaseUsers/{databaseName}/{username}."""
    project = _project(call)
    users = []
    for user in project.get("databaseUsers", []):
        view = _with_defaults({"awsIAMType": "NONE", "databaseName": "admin", "labels": [],
                               "ldapAuthType": "NONE", "oidcAuthType": "NONE", "scopes": [],
                               "x509Type": "NONE"}, user)
        view["groupId"] = project["id"]
        view["links"] = [_link(f"{call.base}/groups/{project['id']}/databaseUsers/"
                               f"{quote(view['databaseName'], safe='')}/{quote(view['username'], safe='')}")]
        users.append(view)
    return _paginated(call, users)


def _read_custom_roles(call):
    """SPEC listGroupCustomDbRoleRoles: a bare array of UserCustomDBRole, not paginated."""
    return _project(call).get("customDBRoles", [])


def _read_user_security(call):
    """SPEC UserSecurity; LDAP off unless the profile says otherwise, with SPEC's LDAP defaults
    (port 636, authzQueryTemplate "{USER}?memberOf?base"). bindPassword is never answered."""
    project = _project(call)
    given = project.get("userSecurity", {})
    ldap = _with_defaults({"authenticationEnabled": False, "authorizationEnabled": False,
                           "authzQueryTemplate": "{USER}?memberOf?base", "port": 636}, given.get("ldap"))
    ldap.pop("bindPassword", None)
    return {"customerX509": given.get("customerX509", {}), "ldap": ldap,
            "links": [_link(f"{call.base}/groups/{project['id']}/userSecurity")]}


def _read_endpoint_services(call):
    """SPEC listGroupPrivateEndpointEndpointService: a bare array of EndpointService."""
    provider = _provider(call.params["cloudProvider"])
    services = _project(call).get("privateEndpoints", {}).get(provider, [])
    return [{"cloudProvider": provider, **service} for service in services]


def _read_peers(call):
    """SPEC listGroupPeers: the peerings of providerName (default AWS), paginated."""
    provider = _provider(call.query.get("providerName", ["AWS"])[0])
    project = _project(call)
    peers = [{"providerName": provider, **peer} for peer in project.get("peers", {}).get(provider, [])]
    return _paginated(call, peers, [("providerName", provider)])


def _read_authorized_clusters(call):
    """SPEC listClusterDetails (GET /clusters): PaginatedOrgGroupView, one OrgGroup per project with
    clusters, each a CloudCluster. authEnabled and sslEnabled are true (Atlas always requires both)
    unless the project's clusterSecurity names the cluster with other values."""
    groups = []
    orgs = {org["id"]: org.get("name", "") for org in call.config.get("organizations", [])}
    for project in call.config.get("projects", []):
        clusters = project.get("clusters", [])
        if not clusters:
            continue
        security = project.get("clusterSecurity", {})
        groups.append({
            "groupId": project["id"], "groupName": project.get("name", ""),
            "orgId": project.get("orgId", ""), "orgName": orgs.get(project.get("orgId"), ""),
            "planType": "Atlas", "tags": [],
            "clusters": [{"alertCount": 0, "authEnabled": True, "availability": "available",
                          "backupEnabled": bool(c.get("backupEnabled", False)),
                          "clusterId": c.get("id", ""), "dataSizeBytes": 0, "name": c["name"],
                          "nodeCount": 3, "sslEnabled": True,
                          "type": ("SHARDED_CLUSTER" if c.get("clusterType") == "SHARDED"
                                   else "REPLICA_SET"),
                          "versions": [c.get("mongoDBVersion", "")],
                          **security.get(c["name"], {})} for c in clusters]})
    return _paginated(call, groups)


def _resource(path, versions, role, read):
    pattern = re.compile(path.replace("{orgId}", f"(?P<orgId>{_ID})")
                         .replace("{groupId}", f"(?P<groupId>{_ID})")
                         .replace("{clusterName}", f"(?P<clusterName>{_CLUSTER_NAME})")
                         .replace("{cloudProvider}", "(?P<cloudProvider>[^/]+)"))
    return Resource(pattern, versions, role, read)


_V1 = {"2023-01-01": None}
RESOURCES = [
    _resource("/orgs/{orgId}", _V1, "Organization Member", _read_organization),
    _resource("/orgs/{orgId}/settings", _V1, "Organization Member", _read_organization_settings),
    # SPEC: Organization Member, who sees only the projects it belongs to; the lab keeps this simple
    # and asks for a role that sees them all.
    _resource("/orgs/{orgId}/groups", _V1, "Organization Read Only", _read_organization_groups),
    _resource("/groups/{groupId}", _V1, "Project Read Only", _read_group),
    _resource("/groups/{groupId}/accessList", _V1, "Project Read Only", _read_access_list),
    _resource("/groups/{groupId}/clusters",
              {"2023-01-01": _SUNSET_2027, "2023-02-01": _SUNSET_2027, "2024-08-05": None},
              "Project Read Only", _read_clusters),
    _resource("/groups/{groupId}/clusters/{clusterName}/processArgs",
              {"2023-01-01": _SUNSET_2027, "2024-08-05": None}, "Project Read Only", _read_process_args),
    _resource("/groups/{groupId}/clusters/{clusterName}/backup/schedule",
              {"2023-01-01": _SUNSET_2027, "2024-08-05": None}, "Project Read Only", _read_backup_schedule),
    _resource("/groups/{groupId}/encryptionAtRest", _V1, "Project Read Only", _read_encryption_at_rest),
    _resource("/groups/{groupId}/auditLog", _V1, "Project Owner", _read_audit_log),
    _resource("/groups/{groupId}/databaseUsers", _V1, "Project Read Only", _read_database_users),
    _resource("/groups/{groupId}/customDBRoles/roles", _V1, "Project Read Only", _read_custom_roles),
    _resource("/groups/{groupId}/userSecurity", _V1, "Project Owner", _read_user_security),
    _resource("/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService", _V1,
              "Project Read Only", _read_endpoint_services),
    _resource("/groups/{groupId}/peers", _V1, "Project Read Only", _read_peers),
    # SPEC lists no role for listClusterDetails; it shows the projects the credentials can read.
    _resource("/clusters", _V1, "Project Read Only", _read_authorized_clusters),
]
