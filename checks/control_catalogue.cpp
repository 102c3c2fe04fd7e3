#include "checks/control_catalogue.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

constexpr std::array kSources = {
    FrameworkSource{
        Framework::cis,
        "CIS MongoDB 7 Benchmark v1.0.0 and CIS MongoDB 8 Benchmark v1.0.0",
        "Ids and titles from the CIS MongoDB 7 Benchmark v1.0.0's recommendations (as extracted in "
        "github.com/anupyadav27/lab raw_compliance_database/database/mongodb) and the CIS MongoDB 8 "
        "Benchmark v1.0.0's table of contents (08-11-2025; a text copy in "
        "github.com/thanhtai2703/MongoDB-CIS): the same 23 ids and titles (7.2 ends in a full stop "
        "there). Unchanged in the newer editions as Tenable's audit files list them: CIS MongoDB 7 "
        "v1.1.0 (20 of the 23 seen), v1.2.0 and v2.0.0 (all 23), CIS MongoDB 8 v2.0.0 (20 seen)",
        "2026-11-30", 23},
    FrameworkSource{
        Framework::stig,
        "DISA MongoDB Enterprise Advanced 4.x STIG V1R4 (52 rules; applies to 4 to 7)",
        "Every rule, V-252134 to V-252185. Titles of V-252134 to V-252141, V-252151 and V-252164 "
        "as stighub.com's V1R4 listing gives them; of V-252179 and V-252180 as Tenable's 4.x "
        "audit v1r3 does; the others from MITRE SAF's InSpec profile of V1R2 "
        "(github.com/mitre/mongodb-enterprise-advanced-4-stig-baseline-hardening). Some rules "
        "share a title (V-252137, V-252138, V-252156; V-252140, V-252163). Scored for nodes of "
        "4.4 to 6.0 (checks/stig_editions.h)",
        "2026-11-26", 52},
    FrameworkSource{
        Framework::stig7, "DISA MongoDB Enterprise Advanced 7.x STIG V1R1 (2024-09-27; 50 rules)",
        "Every rule's vuln id and title from a whole markdown copy of the V1R1 document (vuln, "
        "rule and SRG ids, titles, check texts), its count and version from stighub.com's 7.x "
        "listing (50 checks: 11 CAT I, 39 CAT II), its date from stigui.neal.codes; the "
        "transcription and each rule's 4.x counterpart in docs/research/stig-editions/. "
        "V-265937 and V-265944 are not in the document. Tenable lists a V1R2 adding MD7X-00-003350 "
        "(administrators limited to authorized IP addresses); it was not read",
        "2026-11-30", 50},
    FrameworkSource{
        Framework::checklist, "MongoDB manual: Security Checklist for Self-Managed Deployments",
        "www.mongodb.com/docs/manual/administration/security-checklist/: its title and first "
        "heading read in this session; the other headings and their order as in the checklist of "
        "the 2.6 manual and the 3.2 Security Guide. The current page's wording \"Encrypt "
        "Communication (TLS/SSL)\" and its closing part \"Periodic/Ongoing Production Checks\" "
        "were not re-read in this session. The page has no numbers: ids are "
        "mongoscan's slugs of the headings. \"Antivirus and Endpoint Detection and Response "
        "Scanning\" read from mongodb/docs source/administration/security-checklist.txt and "
        "includes/security/fact-antivirus-scan.rst (2026-11-30)",
        "2026-11-26", 12},
    FrameworkSource{
        Framework::devspec,
        "Development specification (TencentDB for MongoDB, Development Specifications, 2026)",
        "The index in the repository's shared/devspec.md: part A's A1, A2 specs 1 to 5 (A2.n) and "
        "A3 self-check rows 1 to 7 (A3.n); part B's specs 1 to 12 (B.n) and checklist items 1 to "
        "7 (B.Cn)",
        "2026-11-26", 32},
    FrameworkSource{
        Framework::prowler, "Prowler's MongoDB Atlas provider checks (prowler-cloud/prowler)",
        "Every check of prowler/providers/mongodbatlas/services: its folder name as id, the "
        "CheckTitle of its .metadata.json as title, read from one stored revision of each file "
        "(titles change between Prowler releases). projects_network_access_list_not_open_to_world "
        "is the earlier name of projects_network_access_list_exposed_to_internet and is not "
        "listed. A cloud check cites the Prowler check it mirrors; they need not judge alike",
        "2026-11-29", 10},
};

constexpr std::array kControls = {
    // CIS MongoDB 7 and 8
    FrameworkControl{Framework::cis, "1.1",
                     "Ensure the appropriate MongoDB software version/patches are installed"},
    FrameworkControl{Framework::cis, "2.1", "Ensure Authentication is configured"},
    FrameworkControl{Framework::cis, "2.2",
                     "Ensure that MongoDB does not bypass authentication via the localhost "
                     "exception"},
    FrameworkControl{Framework::cis, "2.3",
                     "Ensure authentication is enabled in the sharded cluster"},
    FrameworkControl{Framework::cis, "3.1", "Ensure least privilege for database accounts"},
    FrameworkControl{Framework::cis, "3.2",
                     "Ensure that role-based access control is enabled and configured "
                     "appropriately"},
    FrameworkControl{Framework::cis, "3.3",
                     "Ensure that MongoDB is run using a non-privileged, dedicated service "
                     "account"},
    FrameworkControl{Framework::cis, "3.4",
                     "Ensure that each role for each MongoDB database is needed and grants only "
                     "the necessary privileges"},
    FrameworkControl{Framework::cis, "3.5", "Review Superuser/Admin Roles"},
    FrameworkControl{Framework::cis, "4.1", "Ensure legacy TLS protocols are disabled"},
    FrameworkControl{Framework::cis, "4.2", "Ensure Weak Protocols are Disabled"},
    FrameworkControl{Framework::cis, "4.3",
                     "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"},
    FrameworkControl{Framework::cis, "4.4",
                     "Ensure Federal Information Processing Standard (FIPS) is enabled"},
    FrameworkControl{Framework::cis, "4.5", "Ensure Encryption of Data at Rest"},
    FrameworkControl{Framework::cis, "5.1", "Ensure that system activity is audited"},
    FrameworkControl{Framework::cis, "5.2", "Ensure that audit filters are configured properly"},
    FrameworkControl{Framework::cis, "5.3",
                     "Ensure that logging captures as much information as possible"},
    FrameworkControl{Framework::cis, "5.4",
                     "Ensure that new entries are appended to the end of the log file"},
    FrameworkControl{Framework::cis, "6.1", "Ensure that MongoDB uses a non-default port"},
    FrameworkControl{Framework::cis, "6.2",
                     "Ensure that operating system resource limits are set for MongoDB"},
    FrameworkControl{Framework::cis, "6.3",
                     "Ensure that server-side scripting is disabled if not needed"},
    FrameworkControl{Framework::cis, "7.1", "Ensure appropriate key file permissions are set"},
    FrameworkControl{Framework::cis, "7.2", "Ensure appropriate database file permissions are set"},

    // DISA MongoDB Enterprise Advanced 4.x STIG
    FrameworkControl{Framework::stig, "V-252134",
                     "MongoDB must provide audit record generation for DoD-defined auditable "
                     "events within all DBMS/database components."},
    FrameworkControl{
        Framework::stig, "V-252135",
        "The audit information produced by MongoDB must be protected from unauthorized access."},
    FrameworkControl{Framework::stig, "V-252136",
                     "MongoDB must protect its audit features from unauthorized access."},
    FrameworkControl{Framework::stig, "V-252137",
                     "Unused database components that are integrated in MongoDB and cannot be "
                     "uninstalled must be disabled."},
    FrameworkControl{Framework::stig, "V-252138",
                     "Unused database components that are integrated in MongoDB and cannot be "
                     "uninstalled must be disabled."},
    FrameworkControl{Framework::stig, "V-252139",
                     "If passwords are used for authentication, MongoDB must transmit only "
                     "encrypted representations of passwords."},
    FrameworkControl{Framework::stig, "V-252140",
                     "MongoDB must uniquely identify and authenticate non-organizational users (or "
                     "processes acting on behalf of non-organizational users)."},
    FrameworkControl{Framework::stig, "V-252141",
                     "MongoDB must fail to a secure state if system initialization fails, shutdown "
                     "fails, or aborts fail."},
    FrameworkControl{Framework::stig, "V-252142",
                     "MongoDB must prevent unauthorized and unintended information transfer via "
                     "shared system resources."},
    FrameworkControl{Framework::stig, "V-252143",
                     "MongoDB and associated applications must reserve the use of dynamic code "
                     "execution for situations that require it."},
    FrameworkControl{
        Framework::stig, "V-252144",
        "MongoDB must associate organization-defined types of security labels having "
        "organization-defined security label values with information in storage and transmission."},
    FrameworkControl{Framework::stig, "V-252145",
                     "MongoDB must enforce discretionary access control policies, as defined by "
                     "the data owner, over defined subjects and objects."},
    FrameworkControl{Framework::stig, "V-252146",
                     "MongoDB must use NIST FIPS 140-2 or 140-3 validated cryptographic modules "
                     "for cryptographic operations."},
    FrameworkControl{
        Framework::stig, "V-252147",
        "MongoDB must implement cryptographic mechanisms to prevent unauthorized modification of "
        "organization-defined information at rest (to include, at a minimum, PII and classified "
        "information) on organization-defined information system components."},
    FrameworkControl{
        Framework::stig, "V-252148",
        "MongoDB must limit the total number of concurrent connections to the database."},
    FrameworkControl{Framework::stig, "V-252149",
                     "MongoDB must integrate with an organization-level authentication/access "
                     "mechanism providing account management and automation for all users, groups, "
                     "roles, and any other principals."},
    FrameworkControl{
        Framework::stig, "V-252150",
        "MongoDB must enforce approved authorizations for logical access to information and system "
        "resources in accordance with applicable access control policies."},
    FrameworkControl{
        Framework::stig, "V-252151",
        "MongoDB must limit privileges to change software modules, to include stored procedures, "
        "functions and triggers, and links to software external to MongoDB."},
    FrameworkControl{
        Framework::stig, "V-252152",
        "MongoDB software installation account must be restricted to authorized users."},
    FrameworkControl{
        Framework::stig, "V-252153",
        "Database software, including DBMS configuration files, must be stored in dedicated "
        "directories, or DASD pools, separate from the host OS and other applications."},
    FrameworkControl{
        Framework::stig, "V-252154",
        "Database objects (including but not limited to tables, indexes, storage, stored "
        "procedures, functions, triggers, links to software external to MongoDB, etc.) must be "
        "owned by database/DBMS principals authorized for ownership."},
    FrameworkControl{Framework::stig, "V-252155",
                     "The role(s)/group(s) used to modify database structure (including but not "
                     "necessarily limited to tables, indexes, storage, etc.) and logic modules "
                     "(stored procedures, functions, triggers, links to software external to "
                     "MongoDB, etc.) must be restricted to authorized users."},
    FrameworkControl{Framework::stig, "V-252156",
                     "Unused database components that are integrated in MongoDB and cannot be "
                     "uninstalled must be disabled."},
    FrameworkControl{Framework::stig, "V-252157",
                     "MongoDB must uniquely identify and authenticate organizational users (or "
                     "processes acting on behalf of organizational users)."},
    FrameworkControl{
        Framework::stig, "V-252158",
        "If passwords are used for authentication, MongoDB must implement LDAP or Kerberos for "
        "authentication to enforce the DoD standards for password complexity and lifetime."},
    FrameworkControl{Framework::stig, "V-252159",
                     "If passwords are used for authentication, MongoDB must store only hashed, "
                     "salted representations of passwords."},
    FrameworkControl{Framework::stig, "V-252160",
                     "MongoDB must enforce authorized access to all PKI private keys "
                     "stored/utilized by MongoDB."},
    FrameworkControl{
        Framework::stig, "V-252161",
        "MongoDB must map the PKI-authenticated identity to an associated user account."},
    FrameworkControl{Framework::stig, "V-252162",
                     "MongoDB must obscure feedback of authentication information during the "
                     "authentication process to protect the information from possible "
                     "exploitation/use by unauthorized individuals."},
    FrameworkControl{Framework::stig, "V-252163",
                     "MongoDB must uniquely identify and authenticate non-organizational users (or "
                     "processes acting on behalf of non-organizational users)."},
    FrameworkControl{Framework::stig, "V-252164",
                     "MongoDB must maintain the authenticity of communications sessions by "
                     "guarding against man-in-the-middle attacks that guess at Session ID values."},
    FrameworkControl{
        Framework::stig, "V-252165",
        "MongoDB must protect the confidentiality and integrity of all information at rest."},
    FrameworkControl{Framework::stig, "V-252166",
                     "Database contents must be protected from unauthorized and unintended "
                     "information transfer by enforcement of a data-transfer policy."},
    FrameworkControl{Framework::stig, "V-252167",
                     "MongoDB must check the validity of all data inputs except those specifically "
                     "identified by the organization."},
    FrameworkControl{Framework::stig, "V-252168",
                     "MongoDB must provide non-privileged users with error messages that provide "
                     "information necessary for corrective actions without revealing information "
                     "that could be exploited by adversaries."},
    FrameworkControl{
        Framework::stig, "V-252169",
        "MongoDB must reveal detailed error messages only to the ISSO, ISSM, SA, and DBA."},
    FrameworkControl{
        Framework::stig, "V-252170",
        "MongoDB must automatically terminate a user session after organization-defined conditions "
        "or trigger events requiring session disconnect."},
    FrameworkControl{Framework::stig, "V-252171",
                     "MongoDB must utilize centralized management of the content captured in audit "
                     "records generated by all components of MongoDB."},
    FrameworkControl{Framework::stig, "V-252172",
                     "MongoDB must allocate audit record storage capacity in accordance with site "
                     "audit record storage requirements."},
    FrameworkControl{
        Framework::stig, "V-252173",
        "MongoDB must provide a warning to appropriate support staff when allocated audit record "
        "storage volume reaches 75 percent of maximum audit record storage capacity."},
    FrameworkControl{Framework::stig, "V-252174",
                     "MongoDB must prohibit user installation of logic modules (stored procedures, "
                     "functions, triggers, views, etc.) without explicit privileged status."},
    FrameworkControl{Framework::stig, "V-252175",
                     "MongoDB must enforce access restrictions associated with changes to the "
                     "configuration of MongoDB or database(s)."},
    FrameworkControl{Framework::stig, "V-252176",
                     "MongoDB must require users to reauthenticate when organization-defined "
                     "circumstances or situations require reauthentication."},
    FrameworkControl{Framework::stig, "V-252177",
                     "MongoDB must prohibit the use of cached authenticators after an "
                     "organization-defined time period."},
    FrameworkControl{
        Framework::stig, "V-252178",
        "MongoDB must only accept end entity certificates issued by DoD PKI or DoD-approved PKI "
        "Certification Authorities (CAs) for the establishment of all encrypted sessions."},
    FrameworkControl{Framework::stig, "V-252179",
                     "MongoDB must maintain the confidentiality and integrity of information "
                     "during preparation for transmission."},
    FrameworkControl{
        Framework::stig, "V-252180",
        "MongoDB must maintain the confidentiality and integrity of information during reception."},
    FrameworkControl{Framework::stig, "V-252181",
                     "When invalid inputs are received, MongoDB must behave in a predictable and "
                     "documented manner that reflects organizational and system objectives."},
    FrameworkControl{Framework::stig, "V-252182",
                     "When updates are applied to MongoDB software, any software components that "
                     "have been replaced or made unnecessary must be removed."},
    FrameworkControl{
        Framework::stig, "V-252183",
        "Security-relevant software updates to MongoDB must be installed within the time period "
        "directed by an authoritative source (e.g., IAVM, CTOs, DTMs, and STIGs)."},
    FrameworkControl{Framework::stig, "V-252184",
                     "MongoDB products must be a version supported by the vendor."},
    FrameworkControl{Framework::stig, "V-252185",
                     "MongoDB must be configured in accordance with the security configuration "
                     "settings based on DoD security configuration and implementation guidance, "
                     "including STIGs, NSA configuration guides, CTOs, DTMs, and IAVMs."},

    // MongoDB Security Checklist
    FrameworkControl{Framework::checklist, "access-control",
                     "Enable Access Control and Enforce Authentication"},
    FrameworkControl{Framework::checklist, "rbac", "Configure Role-Based Access Control"},
    FrameworkControl{Framework::checklist, "encrypt-communication",
                     "Encrypt Communication (TLS/SSL)"},
    FrameworkControl{Framework::checklist, "network-exposure", "Limit Network Exposure"},
    FrameworkControl{Framework::checklist, "audit", "Audit System Activity"},
    FrameworkControl{Framework::checklist, "encrypt-data", "Encrypt and Protect Data"},
    FrameworkControl{Framework::checklist, "dedicated-user", "Run MongoDB with a Dedicated User"},
    FrameworkControl{Framework::checklist, "secure-configuration",
                     "Run MongoDB with Secure Configuration Options"},
    FrameworkControl{Framework::checklist, "stig",
                     "Request a Security Technical Implementation Guide (where applicable)"},
    FrameworkControl{Framework::checklist, "standards-compliance",
                     "Consider Security Standards Compliance"},
    FrameworkControl{Framework::checklist, "antivirus-edr-scanning",
                     "Antivirus and Endpoint Detection and Response Scanning"},
    FrameworkControl{Framework::checklist, "periodic-checks", "Periodic/Ongoing Production Checks"},

    // Development specification (shared/devspec.md)
    FrameworkControl{Framework::devspec, "A1",
                     "Connection method decision guide (sharded clusters)"},
    FrameworkControl{Framework::devspec, "A2.1", "Core connection string parameters"},
    FrameworkControl{Framework::devspec, "A2.2", "Connection pools (long connections)"},
    FrameworkControl{Framework::devspec, "A2.3", "Pool parameters"},
    FrameworkControl{Framework::devspec, "A2.4", "Read preference by scenario"},
    FrameworkControl{Framework::devspec, "A2.5",
                     "No disabled authentication and no arbitrary public exposure in production"},
    FrameworkControl{Framework::devspec, "A3.1", "Network: public exposure surface"},
    FrameworkControl{Framework::devspec, "A3.2", "Network: security group policy"},
    FrameworkControl{Framework::devspec, "A3.3", "Authentication: identity authentication"},
    FrameworkControl{Framework::devspec, "A3.4", "Authentication: password complexity"},
    FrameworkControl{Framework::devspec, "A3.5", "Authorization: least privilege"},
    FrameworkControl{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
    FrameworkControl{Framework::devspec, "A3.7", "Application: credential storage"},
    FrameworkControl{Framework::devspec, "B.1", "No system database names for business data"},
    FrameworkControl{Framework::devspec, "B.2", "Database names"},
    FrameworkControl{Framework::devspec, "B.3", "Collection names"},
    FrameworkControl{Framework::devspec, "B.4", "Field names"},
    FrameworkControl{Framework::devspec, "B.5", "Single document size"},
    FrameworkControl{Framework::devspec, "B.6", "Nesting levels"},
    FrameworkControl{Framework::devspec, "B.7", "Embed vs reference"},
    FrameworkControl{Framework::devspec, "B.8", "Arrays"},
    FrameworkControl{Framework::devspec, "B.9", "Data types"},
    FrameworkControl{Framework::devspec, "B.10", "_id usage"},
    FrameworkControl{Framework::devspec, "B.11", "Schema validation"},
    FrameworkControl{Framework::devspec, "B.12", "Collection count"},
    FrameworkControl{Framework::devspec, "B.C1", "Checklist: naming consistency"},
    FrameworkControl{Framework::devspec, "B.C2", "Checklist: document size"},
    FrameworkControl{Framework::devspec, "B.C3", "Checklist: nesting depth"},
    FrameworkControl{Framework::devspec, "B.C4", "Checklist: no unbounded arrays"},
    FrameworkControl{Framework::devspec, "B.C5", "Checklist: strict types"},
    FrameworkControl{Framework::devspec, "B.C6", "Checklist: schema validation enabled"},
    FrameworkControl{Framework::devspec, "B.C7", "Checklist: collection count"},

    // DISA MongoDB Enterprise Advanced 7.x STIG V1R1
    FrameworkControl{Framework::stig7, "V-265905",
                     "MongoDB must integrate with an organization-level authentication/access "
                     "mechanism providing account management and automation for all users, groups, "
                     "roles, and any other principals."},
    FrameworkControl{
        Framework::stig7, "V-265906",
        "MongoDB must enforce approved authorizations for logical access to information "
        "and system resources in accordance with applicable access control policies."},
    FrameworkControl{
        Framework::stig7, "V-265907",
        "MongoDB must provide audit record generation for DOD-defined auditable events "
        "within all DBMS/database components."},
    FrameworkControl{
        Framework::stig7, "V-265908",
        "The audit information produced by MongoDB must be protected from unauthorized "
        "access."},
    FrameworkControl{Framework::stig7, "V-265909",
                     "MongoDB must protect its audit features from unauthorized access."},
    FrameworkControl{
        Framework::stig7, "V-265910",
        "MongoDB must limit privileges to change software modules, to include stored "
        "procedures, functions and triggers, and links to software external to MongoDB."},
    FrameworkControl{
        Framework::stig7, "V-265911",
        "MongoDB software installation account must be restricted to authorized users."},
    FrameworkControl{Framework::stig7, "V-265912",
                     "Database software, including DBMS configuration files, must be stored in "
                     "dedicated directories, or DASD pools, separate from the host OS and other "
                     "applications."},
    FrameworkControl{
        Framework::stig7, "V-265913",
        "Database objects (including but not limited to tables, indexes, storage, "
        "stored procedures, functions, triggers, links to software external to MongoDB, "
        "etc.) must be owned by database/DBMS principals authorized for ownership."},
    FrameworkControl{
        Framework::stig7, "V-265914",
        "The role(s)/group(s) used to modify database structure (including but not "
        "limited to tables, indexes, storage, etc.) and logic modules (stored "
        "procedures, functions, triggers, links to software external to MongoDB, etc.) "
        "must be restricted to authorized users."},
    FrameworkControl{Framework::stig7, "V-265915",
                     "Unused database components that are integrated in MongoDB and cannot be "
                     "uninstalled must be disabled."},
    FrameworkControl{Framework::stig7, "V-265916",
                     "MongoDB must uniquely identify and authenticate organizational users (or "
                     "processes acting on behalf of organizational users)."},
    FrameworkControl{Framework::stig7, "V-265917",
                     "If passwords are used for authentication, MongoDB must store only hashed, "
                     "salted representations of passwords."},
    FrameworkControl{
        Framework::stig7, "V-265918",
        "If passwords are used for authentication, MongoDB must transmit only encrypted "
        "representations of passwords."},
    FrameworkControl{
        Framework::stig7, "V-265919",
        "MongoDB must enforce authorized access to all PKI private keys stored/used by "
        "MongoDB."},
    FrameworkControl{
        Framework::stig7, "V-265920",
        "MongoDB must map the PKI-authenticated identity to an associated user account."},
    FrameworkControl{Framework::stig7, "V-265921",
                     "MongoDB must obscure feedback of authentication information during the "
                     "authentication process to protect the information from possible "
                     "exploitation/use by unauthorized individuals."},
    FrameworkControl{
        Framework::stig7, "V-265922",
        "MongoDB must use NIST FIPS 140-2 or 140-3 validated cryptographic modules for "
        "cryptographic operations."},
    FrameworkControl{Framework::stig7, "V-265923",
                     "MongoDB must uniquely identify and authenticate nonorganizational users (or "
                     "processes acting on behalf of nonorganizational users)."},
    FrameworkControl{Framework::stig7, "V-265924",
                     "MongoDB must separate user functionality (including user interface services) "
                     "from database management functionality."},
    FrameworkControl{
        Framework::stig7, "V-265925",
        "MongoDB must maintain the authenticity of communications sessions by guarding "
        "against man-in-the-middle attacks that guess at Session ID values."},
    FrameworkControl{Framework::stig7, "V-265926",
                     "MongoDB must protect the confidentiality and integrity of all information at "
                     "rest."},
    FrameworkControl{Framework::stig7, "V-265927",
                     "Database contents must be protected from unauthorized and unintended "
                     "information transfer by enforcement of a data-transfer policy."},
    FrameworkControl{Framework::stig7, "V-265928",
                     "MongoDB must prevent unauthorized and unintended information transfer via "
                     "shared system resources."},
    FrameworkControl{Framework::stig7, "V-265929",
                     "MongoDB must check the validity of all data inputs except those specifically "
                     "identified by the organization."},
    FrameworkControl{Framework::stig7, "V-265930",
                     "MongoDB and associated applications must reserve the use of dynamic code "
                     "execution for situations that require it."},
    FrameworkControl{Framework::stig7, "V-265931",
                     "MongoDB must provide nonprivileged users with error messages that provide "
                     "information necessary for corrective actions without revealing information "
                     "that could be exploited by adversaries."},
    FrameworkControl{Framework::stig7, "V-265932",
                     "MongoDB must reveal detailed error messages only to the information system "
                     "security officer (ISSO), information system security manager (ISSM), system "
                     "administrator (SA), and database administrator (DBA)."},
    FrameworkControl{Framework::stig7, "V-265933",
                     "The DBMS must automatically terminate a user session after "
                     "organization-defined conditions or trigger events requiring session "
                     "disconnect."},
    FrameworkControl{Framework::stig7, "V-265934",
                     "MongoDB must associate organization-defined types of security labels having "
                     "organization-defined security label values with information in storage."},
    FrameworkControl{Framework::stig7, "V-265935",
                     "MongoDB must enforce discretionary access control (DAC) policies, as defined "
                     "by the data owner, over defined subjects and objects."},
    FrameworkControl{
        Framework::stig7, "V-265936",
        "MongoDB must prevent nonprivileged users from executing privileged functions, "
        "to include disabling, circumventing, or altering implemented security "
        "safeguards/countermeasures."},
    FrameworkControl{Framework::stig7, "V-265938",
                     "MongoDB must allocate audit record storage capacity in accordance with site "
                     "audit record storage requirements."},
    FrameworkControl{
        Framework::stig7, "V-265939",
        "MongoDB must provide a warning to appropriate support staff when allocated "
        "audit record storage volume reaches 75 percent of maximum audit record storage "
        "capacity."},
    FrameworkControl{
        Framework::stig7, "V-265940",
        "MongoDB must provide an immediate real-time alert to appropriate support staff "
        "of all audit log failures."},
    FrameworkControl{Framework::stig7, "V-265941",
                     "MongoDB must prohibit user installation of logic modules (stored procedures, "
                     "functions, triggers, views, etc.) without explicit privileged status."},
    FrameworkControl{Framework::stig7, "V-265942",
                     "MongoDB must enforce access restrictions associated with changes to the "
                     "configuration of MongoDB or database(s)."},
    FrameworkControl{
        Framework::stig7, "V-265943",
        "The DBMS must disable network functions, ports, protocols, and services deemed "
        "by the organization to be nonsecure, in accord with the Ports, Protocols, and "
        "Services Management (PPSM) guidance."},
    FrameworkControl{Framework::stig7, "V-265945",
                     "MongoDB must use NSA-approved cryptography to protect classified information "
                     "in accordance with the data owner's requirements."},
    FrameworkControl{
        Framework::stig7, "V-265946",
        "MongoDB must only accept end entity certificates issued by DOD PKI or "
        "DOD-approved PKI Certification Authorities (CAs) for the establishment of all "
        "encrypted sessions."},
    FrameworkControl{Framework::stig7, "V-265947",
                     "MongoDB must implement cryptographic mechanisms to prevent unauthorized "
                     "modification of organization-defined information at rest (to include, at a "
                     "minimum, PII and classified information) on organization-defined information "
                     "system components."},
    FrameworkControl{
        Framework::stig7, "V-265948",
        "MongoDB must maintain the confidentiality and integrity of information during "
        "preparation for transmission."},
    FrameworkControl{
        Framework::stig7, "V-265949",
        "MongoDB must maintain the confidentiality and integrity of information during "
        "reception."},
    FrameworkControl{Framework::stig7, "V-265950",
                     "When invalid inputs are received, MongoDB must behave in a predictable and "
                     "documented manner that reflects organizational and system objectives."},
    FrameworkControl{Framework::stig7, "V-265951",
                     "When updates are applied to MongoDB software, any software components that "
                     "have been replaced or made unnecessary must be removed."},
    FrameworkControl{Framework::stig7, "V-265952", "MongoDB products must be a supported version."},
    FrameworkControl{
        Framework::stig7, "V-265953",
        "MongoDB must off-load audit data to a separate log management facility; this "
        "must be continuous and in near real time for systems with a network connection "
        "to the storage facility and weekly or more often for standalone systems."},
    FrameworkControl{Framework::stig7, "V-265954",
                     "MongoDB must be configured in accordance with the security configuration "
                     "settings based on DOD security configuration and implementation guidance, "
                     "including STIGs, NSA configuration guides, CTOs, DTMs, and IAVMs."},
    FrameworkControl{Framework::stig7, "V-265972",
                     "Security-relevant software updates to MongoDB must be installed within the "
                     "time period directed by an authoritative source (e.g., IAVM, CTOs, DTMs, and "
                     "STIGs)."},
    FrameworkControl{
        Framework::stig7, "V-265973",
        "MongoDB must limit the total number of concurrent connections to the database."},
    // Prowler's MongoDB Atlas checks, by service: clusters, organizations, projects
    FrameworkControl{Framework::prowler, "clusters_authentication_enabled",
                     "Cluster has authentication enabled"},
    FrameworkControl{Framework::prowler, "clusters_backup_enabled",
                     "Ensure MongoDB Atlas clusters have backup enabled"},
    FrameworkControl{Framework::prowler, "clusters_encryption_at_rest_enabled",
                     "MongoDB Atlas cluster has encryption at rest enabled with a supported "
                     "provider or EBS volume encryption"},
    FrameworkControl{Framework::prowler, "clusters_tls_enabled",
                     "MongoDB Atlas cluster has TLS authentication enabled"},
    FrameworkControl{Framework::prowler, "organizations_api_access_list_required",
                     "Ensure organization requires API access list"},
    FrameworkControl{Framework::prowler, "organizations_mfa_required",
                     "Ensure organization requires MFA"},
    FrameworkControl{Framework::prowler, "organizations_security_contact_defined",
                     "Ensure organization has a Security Contact defined"},
    FrameworkControl{Framework::prowler, "organizations_service_account_secrets_expiration",
                     "Ensure organization has maximum period expiration for Admin API Service "
                     "Account Secrets"},
    FrameworkControl{Framework::prowler, "projects_auditing_enabled",
                     "Ensure database auditing is enabled"},
    FrameworkControl{Framework::prowler, "projects_network_access_list_exposed_to_internet",
                     "MongoDB Atlas project network access list has entries and excludes "
                     "0.0.0.0/0, ::/0, 0.0.0.0, and ::"},
};

}  // namespace

const FrameworkSource& framework_source(Framework framework) {
  return *std::find_if(kSources.begin(), kSources.end(), [&](const FrameworkSource& source) {
    return source.framework == framework;
  });
}

std::vector<FrameworkControl> framework_controls(Framework framework) {
  std::vector<FrameworkControl> controls;
  std::copy_if(kControls.begin(), kControls.end(), std::back_inserter(controls),
               [&](const FrameworkControl& control) { return control.framework == framework; });
  return controls;
}

const FrameworkControl* find_control(Framework framework, std::string_view id) {
  const auto found =
      std::find_if(kControls.begin(), kControls.end(), [&](const FrameworkControl& control) {
        return control.framework == framework && control.id == id;
      });
  return found == kControls.end() ? nullptr : &*found;
}

}  // namespace mongoscan
