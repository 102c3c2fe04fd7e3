"""Tencent Cloud API 3.0 as the lab's control plane answers it: every call verified as Tencent's
servers verify TC3-HMAC-SHA256 (the secret id known, the timestamp within five minutes, the signature
recomputed over the headers the request says it signed), refused with Tencent's own error codes, and
answered from the profile's `tencentcloud` block with Tencent's response envelope."""

import hashlib
import hmac
import json
import threading
import time
import uuid
from datetime import datetime, timezone

# Tencent's allowed clock skew for X-TC-Timestamp (AuthFailure.SignatureExpire beyond it).
MAX_SKEW_SECONDS = 300

# The API version each service is called with.
VERSIONS = {"mongodb": "2019-07-25", "clb": "2018-03-17", "vpc": "2017-03-12"}


class State:
    """What changes between calls: how many times each fault has fired."""

    def __init__(self):
        self.lock = threading.Lock()
        self.calls = {}

    def count(self, key):
        with self.lock:
            self.calls[key] = self.calls.get(key, 0) + 1
            return self.calls[key]


def _envelope(body):
    body["RequestId"] = str(uuid.uuid4())
    return {"Response": body}


def _error(code, message):
    return _envelope({"Error": {"Code": code, "Message": message}})


def _sha256_hex(data):
    return hashlib.sha256(data).hexdigest()


def _hmac(key, message):
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def _authorization(value):
    """The parts of 'TC3-HMAC-SHA256 Credential=ID/DATE/SERVICE/tc3_request, SignedHeaders=a;b,
    Signature=HEX', or None when it is not that shape."""
    algorithm, _, rest = (value or "").partition(" ")
    if algorithm != "TC3-HMAC-SHA256":
        return None
    parts = {}
    for item in rest.split(","):
        key, _, item_value = item.strip().partition("=")
        parts[key] = item_value
    credential = parts.get("Credential", "").split("/")
    if len(credential) != 4 or credential[3] != "tc3_request" or not parts.get("SignedHeaders"):
        return None
    return {"secret_id": credential[0], "date": credential[1], "service": credential[2],
            "signed_headers": parts["SignedHeaders"], "signature": parts.get("Signature", "")}


def expected_signature(secret_key, headers, signed_headers, body, timestamp, date, service):
    """The signature Tencent computes for a POST to '/': header names and values of the signed
    headers in lower case and trimmed, the payload's SHA-256, the scope date/service/tc3_request."""
    names = signed_headers.split(";")
    canonical_headers = "".join(f"{name}:{(headers.get(name) or '').strip().lower()}\n" for name in names)
    canonical_request = "\n".join(["POST", "/", "", canonical_headers, signed_headers, _sha256_hex(body)])
    string_to_sign = "\n".join(["TC3-HMAC-SHA256", str(timestamp), f"{date}/{service}/tc3_request",
                                _sha256_hex(canonical_request.encode())])
    secret_date = _hmac(("TC3" + secret_key).encode(), date)
    secret_service = _hmac(secret_date, service)
    secret_signing = _hmac(secret_service, "tc3_request")
    return hmac.new(secret_signing, string_to_sign.encode(), hashlib.sha256).hexdigest()


def _verify(config, headers, body):
    """(error code, message) when the call is refused, else (None, service)."""
    auth = _authorization(headers.get("Authorization"))
    if auth is None:
        return "AuthFailure.InvalidAuthorization", "Authorization is not TC3-HMAC-SHA256", None
    secrets = {c["secret_id"]: c for c in config.get("credentials", [])}
    credential = secrets.get(auth["secret_id"])
    if credential is None:
        return "AuthFailure.SecretIdNotFound", "The SecretId is not found", None
    try:
        timestamp = int(headers.get("X-TC-Timestamp", ""))
    except ValueError:
        return "AuthFailure.InvalidAuthorization", "X-TC-Timestamp is not a number", None
    if abs(time.time() - timestamp) > MAX_SKEW_SECONDS:
        return "AuthFailure.SignatureExpire", "Signature expired", None
    if datetime.fromtimestamp(timestamp, timezone.utc).strftime("%Y-%m-%d") != auth["date"]:
        return "AuthFailure.SignatureFailure", "The credential date is not the timestamp's", None
    if not {"content-type", "host"} <= set(auth["signed_headers"].split(";")):
        return "AuthFailure.SignatureFailure", "content-type and host must be signed", None
    expected = expected_signature(credential["secret_key"], {k.lower(): v for k, v in headers.items()},
                                  auth["signed_headers"], body, timestamp, auth["date"], auth["service"])
    if not hmac.compare_digest(expected, auth["signature"]):
        return "AuthFailure.SignatureFailure", "The provided credentials could not be validated", None
    if credential.get("session_token") and headers.get("X-TC-Token") != credential["session_token"]:
        return "AuthFailure.TokenFailure", "The token is not valid", None
    return None, None, auth["service"]


def handle(profile, headers, body, state):
    """(HTTP status, JSON reply, log fields) for one POST with an X-TC-Action header."""
    config = profile.get("tencentcloud", {})
    action, region = headers.get("X-TC-Action"), headers.get("X-TC-Region")
    code, message, service = _verify(config, headers, body)
    fields = {"service": service, "action": action, "region": region}
    if code:
        fields["error"] = code
        return 200, _error(code, message), fields
    if headers.get("X-TC-Version") != VERSIONS.get(service):
        fields["error"] = "InvalidParameter"
        return 200, _error("InvalidParameter", f"version {headers.get('X-TC-Version')} of {service}"), fields
    limited = config.get("faults", {}).get("rate_limited_calls", 0)
    if limited and state.count(("limit", service, action, region)) <= limited:
        fields["error"] = "RequestLimitExceeded"
        return 200, _error("RequestLimitExceeded", "Your current request times exceeds limit"), fields
    denied = config.get("faults", {}).get("unauthorized_actions", [])
    if f"{service}:{action}" in denied:
        fields["error"] = "UnauthorizedOperation"
        return 200, _error("UnauthorizedOperation", f"no permission for {service}:{action}"), fields
    answer = _ACTIONS.get((service, action))
    if answer is None:
        fields["error"] = "InvalidAction"
        return 200, _error("InvalidAction", f"{action} is not an action of {service}"), fields
    regions = config.get("regions", {})
    if region not in regions:
        fields["error"] = "InvalidParameterValue"
        return 200, _error("InvalidParameterValue", f"region {region} is not available"), fields
    try:
        params = json.loads(body or b"{}")
    except ValueError:
        fields["error"] = "InvalidParameter"
        return 200, _error("InvalidParameter", "the body is not JSON"), fields
    result = answer(regions[region], params, config)
    if "Error" in result:
        fields["error"] = result["Error"]["Code"]
    return 200, _envelope(result), fields


def _page(items, params, config, default_limit, max_limit):
    offset = int(params.get("Offset", 0))
    limit = int(params.get("Limit", default_limit))
    limit = min(limit, config.get("max_limit", max_limit))
    return items[offset:offset + limit]


def _describe_db_instances(region, params, config):
    instances = region.get("instances", [])
    wanted = params.get("InstanceIds")
    if wanted:
        instances = [i for i in instances if i["InstanceId"] in wanted]
    return {"TotalCount": len(instances),
            "InstanceDetails": _page(instances, params, config, default_limit=20, max_limit=100)}


def _instance(region, params):
    """The instance a per-instance call names, or None."""
    return next((i for i in region.get("instances", []) if i["InstanceId"] == params.get("InstanceId")),
                None)


def _not_found(params):
    return {"Error": {"Code": "InvalidParameterValue.NotFoundInstance",
                      "Message": f"instance {params.get('InstanceId')} not found"}}


def _describe_security_group(region, params, config):
    """The instance's groups (instance_security_groups); none when the profile gives none."""
    if _instance(region, params) is None:
        return _not_found(params)
    return {"Groups": region.get("instance_security_groups", {}).get(params["InstanceId"], [])}


def _describe_node_property(region, params, config):
    """instance_nodes[id] (Mongos, ReplicateSets), else one primary at the instance's VIP with no
    public address."""
    instance = _instance(region, params)
    if instance is None:
        return _not_found(params)
    default = {"Mongos": [], "ReplicateSets": [{"Nodes": [{
        "Zone": "lab-1", "NodeName": f"{instance['InstanceId']}_0-node-primary",
        "Address": f"{instance.get('Vip', '')}:{instance.get('Vport', 27017)}", "WanServiceAddress": "",
        "Role": "PRIMARY", "Hidden": False, "Status": "NORMAL", "SlaveDelay": 0, "Priority": 1,
        "Votes": 1, "Tags": [], "ReplicateSetId": f"{instance['InstanceId']}_0"}]}]}
    return region.get("instance_nodes", {}).get(instance["InstanceId"], default)


def _describe_instance_ssl(region, params, config):
    """instance_ssl[id] (Status 1 on, 0 off), else off."""
    instance = _instance(region, params)
    if instance is None:
        return _not_found(params)
    status = region.get("instance_ssl", {}).get(instance["InstanceId"], 0)
    return {"Status": status, "ExpiredTime": "2027-11-29 00:00:00" if status else "", "CertUrl": ""}


def _describe_load_balancers(region, params, config):
    """load_balancers, paged by Offset/Limit (integers for clb)."""
    balancers = region.get("load_balancers", [])
    return {"TotalCount": len(balancers),
            "LoadBalancerSet": _page(balancers, params, config, default_limit=20, max_limit=100)}


def _describe_targets(region, params, config):
    """load_balancer_targets[LoadBalancerId] (Listeners), else none."""
    known = {b["LoadBalancerId"] for b in region.get("load_balancers", [])}
    if params.get("LoadBalancerId") not in known:
        return {"Error": {"Code": "InvalidParameter.LBIdNotFound",
                          "Message": f"load balancer {params.get('LoadBalancerId')} not found"}}
    return {"Listeners": region.get("load_balancer_targets", {}).get(params["LoadBalancerId"], [])}


def _describe_security_group_policies(region, params, config):
    """security_group_policies[SecurityGroupId] (SecurityGroupPolicySet)."""
    policies = region.get("security_group_policies", {})
    if params.get("SecurityGroupId") not in policies:
        return {"Error": {"Code": "ResourceNotFound",
                          "Message": f"security group {params.get('SecurityGroupId')} not found"}}
    return {"SecurityGroupPolicySet": policies[params["SecurityGroupId"]]}


def _describe_audit_instance_list(region, params, config):
    """audited_instances (ids with audit on; AuditStatus "ON", the value Tencent's example gives),
    the rest "OFF"; AuditSwitch 1 lists those on, 0 those off; paged by Offset/Limit."""
    audited = set(region.get("audited_instances", []))
    items = [{"InstanceId": i["InstanceId"], "AuditStatus": "ON" if i["InstanceId"] in audited else "OFF",
              "AuditTask": 0, "LogExpireDay": 30 if i["InstanceId"] in audited else 0, "AuditAll": True}
             for i in region.get("instances", [])]
    switch = params.get("AuditSwitch")
    if switch is not None:
        items = [item for item in items if (item["AuditStatus"] == "ON") == (int(switch) == 1)]
    return {"TotalCount": len(items), "Items": _page(items, params, config, default_limit=30, max_limit=100)}


def _describe_backup_rules(region, params, config):
    """backup_rules[id], else the defaults a new instance has: kept 7 days, daily at 02:00, logical."""
    instance = _instance(region, params)
    if instance is None:
        return _not_found(params)
    return region.get("backup_rules", {}).get(
        instance["InstanceId"], {"BackupSaveTime": 7, "BackupTime": 2, "BackupMethod": 0})


def _describe_account_users(region, params, config):
    """accounts[id] (UserInfo list), else the mongouser every instance is created with, read-write
    on every database (UNCONFIRMED: whether the real API lists it)."""
    instance = _instance(region, params)
    if instance is None:
        return _not_found(params)
    default = [{"UserName": "mongouser", "AuthRole": [{"Mask": 3, "NameSpace": "*"}],
                "CreateTime": "2026-03-01 09:00:00", "UpdateTime": "2026-03-01 09:00:00",
                "UserDesc": "", "ConsolePassUpdateTime": ""}]
    return {"Users": region.get("accounts", {}).get(instance["InstanceId"], default)}


_ACTIONS = {
    ("mongodb", "DescribeDBInstances"): _describe_db_instances,
    ("mongodb", "DescribeSecurityGroup"): _describe_security_group,
    ("mongodb", "DescribeDBInstanceNodeProperty"): _describe_node_property,
    ("mongodb", "DescribeInstanceSSL"): _describe_instance_ssl,
    ("mongodb", "DescribeAuditInstanceList"): _describe_audit_instance_list,
    ("mongodb", "DescribeBackupRules"): _describe_backup_rules,
    ("mongodb", "DescribeAccountUsers"): _describe_account_users,
    ("clb", "DescribeLoadBalancers"): _describe_load_balancers,
    ("clb", "DescribeTargets"): _describe_targets,
    ("vpc", "DescribeSecurityGroupPolicies"): _describe_security_group_policies,
}
