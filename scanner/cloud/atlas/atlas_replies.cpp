#include "scanner/cloud/atlas/atlas_replies.h"

#include <optional>
#include <string>

namespace mongoscan {
namespace {

using nlohmann::json;

// Reads the members of one reply object, keeping the first shape error: absent and null members
// read as the schema's default, a member of another type is an error naming it.
class AtlasFields {
 public:
  AtlasFields(const json& object, std::string where) : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) fail(" is not an object");
  }

  std::string text(const char* key) {
    const json* member = find(key);
    if (member == nullptr) return "";
    if (!member->is_string()) return fail("." + std::string(key) + " is not a string"), "";
    return member->get<std::string>();
  }

  // A string the reply must carry (an identifier, a name).
  std::string required_text(const char* key) {
    std::string value = text(key);
    if (value.empty() && !error_) fail("." + std::string(key) + " is missing");
    return value;
  }

  std::optional<bool> flag(const char* key) {
    const json* member = find(key);
    if (member == nullptr) return std::nullopt;
    if (!member->is_boolean())
      return fail("." + std::string(key) + " is not true or false"), std::nullopt;
    return member->get<bool>();
  }

  std::optional<std::int64_t> integer(const char* key) {
    const json* member = find(key);
    if (member == nullptr) return std::nullopt;
    if (!member->is_number_integer())
      return fail("." + std::string(key) + " is not a whole number"), std::nullopt;
    return member->get<std::int64_t>();
  }

  // A member array or object; nullptr when absent or null.
  const json* list(const char* key) { return typed(key, json::value_t::array, " is not a list"); }
  const json* object(const char* key) {
    return typed(key, json::value_t::object, " is not an object");
  }

  const std::string& where() const { return where_; }
  const std::optional<Error>& error() const { return error_; }
  bool fail(const std::string& what) {
    if (!error_) error_ = Error{ErrorCode::protocol, "cloud", "atlas: " + where_ + what};
    return false;
  }

 private:
  const json* find(const char* key) const {
    if (!object_.is_object()) return nullptr;
    const auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
  }

  const json* typed(const char* key, json::value_t type, const char* complaint) {
    const json* member = find(key);
    if (member == nullptr) return nullptr;
    if (member->type() != type) return fail("." + std::string(key) + complaint), nullptr;
    return member;
  }

  const json& object_;
  std::string where_;
  std::optional<Error> error_;
};

// One grant of a user's roles or a role's inherited roles: `role_key` names the role ("roleName"
// or "role"), `database_key` its database.
std::optional<AtlasRoleGrant> role_grant(const json& item, const std::string& where,
                                         const char* role_key, const char* database_key,
                                         std::optional<Error>& error) {
  AtlasFields fields(item, where);
  AtlasRoleGrant grant{fields.required_text(role_key), fields.text(database_key),
                       fields.text("collectionName")};
  if (fields.error()) {
    error = fields.error();
    return std::nullopt;
  }
  return grant;
}

}  // namespace

Result<AtlasProject> atlas_project(const json& group) {
  AtlasFields fields(group, "project");
  AtlasProject project;
  project.id = fields.required_text("id");
  project.name = fields.text("name");
  project.org_id = fields.text("orgId");
  if (fields.error()) return *fields.error();
  return project;
}

Result<AtlasOrganization> atlas_organization(const json& organization) {
  AtlasFields fields(organization, "organization");
  AtlasOrganization read{fields.required_text("id"), fields.text("name"), std::nullopt};
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasOrganizationSettings> atlas_organization_settings(const json& settings) {
  AtlasFields fields(settings, "organization settings");
  AtlasOrganizationSettings read;
  read.api_access_list_required = fields.flag("apiAccessListRequired").value_or(false);
  read.multi_factor_auth_required = fields.flag("multiFactorAuthRequired").value_or(false);
  read.security_contact = fields.text("securityContact");
  read.max_service_account_secret_validity_hours =
      fields.integer("maxServiceAccountSecretValidityInHours");
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasAccessEntry> atlas_access_entry(const json& entry) {
  AtlasFields fields(entry, "access list entry");
  AtlasAccessEntry read{fields.text("cidrBlock"), fields.text("ipAddress"),
                        fields.text("awsSecurityGroup"), fields.text("comment"),
                        fields.text("deleteAfterDate")};
  const int set =
      !read.cidr_block.empty() + !read.ip_address.empty() + !read.aws_security_group.empty();
  if (set != 1 && !fields.error())
    fields.fail(" has not exactly one of cidrBlock, ipAddress and awsSecurityGroup");
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasCluster> atlas_cluster(const json& cluster) {
  AtlasCluster read;
  {
    AtlasFields name_field(cluster, "cluster");
    read.name = name_field.required_text("name");
    if (name_field.error()) return *name_field.error();
  }
  AtlasFields fields(cluster, "cluster " + read.name);
  read.id = fields.text("id");
  read.cluster_type = fields.text("clusterType");
  read.version = fields.text("mongoDBVersion");
  read.state = fields.text("stateName");
  read.paused = fields.flag("paused").value_or(false);
  read.encryption_at_rest_provider = fields.text("encryptionAtRestProvider");
  read.backup_enabled = fields.flag("backupEnabled").value_or(false);
  read.pit_enabled = fields.flag("pitEnabled").value_or(false);
  if (const json* advanced = fields.object("advancedConfiguration")) {
    AtlasFields advanced_fields(*advanced, fields.where() + ".advancedConfiguration");
    read.minimum_tls = advanced_fields.text("minimumEnabledTlsProtocol");
    if (advanced_fields.error()) return *advanced_fields.error();
  }
  if (const json* strings = fields.object("connectionStrings")) {
    AtlasFields string_fields(*strings, fields.where() + ".connectionStrings");
    read.standard_srv = string_fields.text("standardSrv");
    read.standard = string_fields.text("standard");
    if (string_fields.error()) return *string_fields.error();
  }
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasProcessArgs> atlas_process_args(const json& arguments) {
  AtlasFields fields(arguments, "processArgs");
  AtlasProcessArgs read{fields.text("minimumEnabledTlsProtocol"), fields.flag("javascriptEnabled"),
                        fields.text("tlsCipherConfigMode")};
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasBackupSchedule> atlas_backup_schedule(const json& schedule) {
  AtlasFields fields(schedule, "backup schedule");
  AtlasBackupSchedule read;
  if (const auto days = fields.integer("restoreWindowDays"))
    read.restore_window_days = static_cast<int>(std::clamp<std::int64_t>(*days, 0, 1 << 20));
  if (const json* policies = fields.list("policies")) {
    for (const json& policy : *policies) {
      AtlasFields policy_fields(policy, "backup schedule policy");
      if (const json* items = policy_fields.list("policyItems")) {
        for (const json& item : *items) {
          AtlasFields item_fields(item, "backup policy item");
          AtlasBackupPolicyItem read_item;
          read_item.frequency_type = item_fields.text("frequencyType");
          read_item.frequency_interval = static_cast<int>(std::clamp<std::int64_t>(
              item_fields.integer("frequencyInterval").value_or(0), 0, 1 << 20));
          read_item.retention_unit = item_fields.text("retentionUnit");
          read_item.retention_value = static_cast<int>(std::clamp<std::int64_t>(
              item_fields.integer("retentionValue").value_or(0), 0, 1 << 20));
          if (item_fields.error()) return *item_fields.error();
          read.items.push_back(std::move(read_item));
        }
      }
      if (policy_fields.error()) return *policy_fields.error();
    }
  }
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasAuditing> atlas_auditing(const json& audit_log) {
  AtlasFields fields(audit_log, "auditLog");
  AtlasAuditing read{fields.flag("enabled").value_or(false),
                     fields.flag("auditAuthorizationSuccess").value_or(false),
                     fields.text("auditFilter")};
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasEncryptionAtRest> atlas_encryption_at_rest(const json& encryption) {
  AtlasFields fields(encryption, "encryptionAtRest");
  AtlasEncryptionAtRest read;
  for (const auto& [key, enabled] :
       {std::pair{"awsKms", &read.aws_kms}, std::pair{"azureKeyVault", &read.azure_key_vault},
        std::pair{"googleCloudKms", &read.google_cloud_kms}}) {
    if (const json* provider = fields.object(key)) {
      AtlasFields provider_fields(*provider, std::string("encryptionAtRest.") + key);
      *enabled = provider_fields.flag("enabled").value_or(false);
      if (provider_fields.error()) return *provider_fields.error();
    }
  }
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasDatabaseUser> atlas_database_user(const json& user) {
  AtlasFields fields(user, "database user");
  AtlasDatabaseUser read;
  read.username = fields.required_text("username");
  read.database = fields.required_text("databaseName");
  read.delete_after = fields.text("deleteAfterDate");
  // The one kind set to something other than NONE; SCRAM when none is.
  read.kind = "SCRAM";
  for (const auto& [key, prefix] :
       {std::pair{"x509Type", "X509_"}, std::pair{"ldapAuthType", "LDAP_"},
        std::pair{"oidcAuthType", "OIDC_"}, std::pair{"awsIAMType", "AWS_IAM_"}}) {
    const std::string type = fields.text(key);
    if (!type.empty() && type != "NONE") read.kind = prefix + type;
  }
  const std::string where = "database user " + read.username;
  std::optional<Error> error;
  if (const json* roles = fields.list("roles")) {
    for (const json& role : *roles) {
      auto grant = role_grant(role, where + " role", "roleName", "databaseName", error);
      if (!grant) return *error;
      read.roles.push_back(std::move(*grant));
    }
  }
  if (const json* scopes = fields.list("scopes")) {
    for (const json& scope : *scopes) {
      AtlasFields scope_fields(scope, where + " scope");
      const std::string name = scope_fields.required_text("name");
      const std::string type = scope_fields.required_text("type");
      if (scope_fields.error()) return *scope_fields.error();
      read.scopes.push_back(type + ":" + name);
    }
  }
  if (fields.error()) return *fields.error();
  return read;
}

Result<std::vector<AtlasCustomRole>> atlas_custom_roles(const json& roles) {
  if (!roles.is_array())
    return Error{ErrorCode::protocol, "cloud", "atlas: custom roles are not a list"};
  std::vector<AtlasCustomRole> read;
  for (const json& role : roles) {
    AtlasFields fields(role, "custom role");
    AtlasCustomRole custom{fields.required_text("roleName"), {}, {}};
    const std::string where = "custom role " + custom.name;
    if (const json* actions = fields.list("actions")) {
      for (const json& action : *actions) {
        AtlasFields action_fields(action, where + " action");
        custom.actions.push_back(action_fields.required_text("action"));
        if (action_fields.error()) return *action_fields.error();
      }
    }
    std::optional<Error> error;
    if (const json* inherited = fields.list("inheritedRoles")) {
      for (const json& item : *inherited) {
        auto grant = role_grant(item, where + " inherited role", "role", "db", error);
        if (!grant) return *error;
        custom.inherited.push_back(std::move(*grant));
      }
    }
    if (fields.error()) return *fields.error();
    read.push_back(std::move(custom));
  }
  return read;
}

Result<std::vector<AtlasClusterSecurity>> atlas_cluster_security(const json& org_group) {
  AtlasFields fields(org_group, "authorized clusters' project");
  const std::string project = fields.required_text("groupId");
  std::vector<AtlasClusterSecurity> read;
  if (const json* clusters = fields.list("clusters")) {
    for (const json& cluster : *clusters) {
      AtlasFields cluster_fields(cluster, "authorized cluster of project " + project);
      AtlasClusterSecurity security{project, cluster_fields.required_text("name")};
      const auto auth = cluster_fields.flag("authEnabled");
      const auto ssl = cluster_fields.flag("sslEnabled");
      if (!cluster_fields.error() && (!auth || !ssl))
        cluster_fields.fail(" has no authEnabled or no sslEnabled");
      if (cluster_fields.error()) return *cluster_fields.error();
      security.auth_enabled = *auth;
      security.ssl_enabled = *ssl;
      read.push_back(std::move(security));
    }
  }
  if (fields.error()) return *fields.error();
  return read;
}

Result<AtlasUserSecurity> atlas_user_security(const json& security) {
  AtlasFields fields(security, "userSecurity");
  AtlasUserSecurity read;
  if (const json* ldap = fields.object("ldap")) {
    AtlasFields ldap_fields(*ldap, "userSecurity.ldap");
    read.ldap_authentication = ldap_fields.flag("authenticationEnabled").value_or(false);
    read.ldap_authorization = ldap_fields.flag("authorizationEnabled").value_or(false);
    read.ldap_hostname = ldap_fields.text("hostname");
    read.ldap_port = static_cast<int>(ldap_fields.integer("port").value_or(636));
    if (ldap_fields.error()) return *ldap_fields.error();
  }
  if (const json* x509 = fields.object("customerX509")) {
    AtlasFields x509_fields(*x509, "userSecurity.customerX509");
    read.customer_x509 = !x509_fields.text("cas").empty();
    if (x509_fields.error()) return *x509_fields.error();
  }
  if (fields.error()) return *fields.error();
  return read;
}

}  // namespace mongoscan
